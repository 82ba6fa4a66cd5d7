package dev.iolab.upload.upload;

import dev.iolab.upload.download.DownloadException;
import dev.iolab.upload.storage.BlobNotFoundException;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.storage.StorageTimeoutException;
import dev.iolab.upload.system.UploadProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/** Answers every failure as RFC 9457 {@code application/problem+json} with a stable {@code type}. */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    private final String retryAfterSeconds;

    ProblemHandler(UploadProperties properties) {
        this.retryAfterSeconds =
                Long.toString(Math.max(1, properties.retryAfter().toSeconds()));
    }

    @ExceptionHandler(UploadException.class)
    ResponseEntity<ProblemDetail> upload(UploadException e) {
        return answer(e.problem(), e.getMessage());
    }

    @ExceptionHandler(StorageException.class)
    ResponseEntity<ProblemDetail> storage(StorageException e) {
        if (e instanceof BlobNotFoundException) {
            return answer(ProblemType.NOT_FOUND, e.getMessage());
        }
        log.warn("Blob storage failure: {}", e.getMessage());
        return answer(
                e instanceof StorageTimeoutException ? ProblemType.STORAGE_TIMEOUT : ProblemType.STORAGE_UNAVAILABLE,
                e.getMessage());
    }

    @ExceptionHandler(DownloadException.class)
    ResponseEntity<ProblemDetail> download(DownloadException e) {
        log.debug("Download refused: {}", e.getMessage());
        return switch (e) {
            case DownloadException.Busy busy -> answer(ProblemType.DOWNLOADS_BUSY, busy.getMessage());
            case DownloadException.RangeNotSatisfiable range -> {
                ProblemDetail problem = problem(ProblemType.RANGE_NOT_SATISFIABLE, range.getMessage());
                yield ResponseEntity.status(ProblemType.RANGE_NOT_SATISFIABLE.status())
                        .header(HttpHeaders.CONTENT_RANGE, "bytes */" + range.size())
                        .header(HttpHeaders.ACCEPT_RANGES, "bytes")
                        .body(problem);
            }
        };
    }

    /** The answer for {@code type}, with {@code Retry-After} on capacity refusals and a challenge on 401. */
    ResponseEntity<ProblemDetail> answer(ProblemType type, String detail) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(type.status());
        if (type.isCapacityRefusal()) {
            response.header(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
        }
        if (type == ProblemType.UNAUTHORIZED) {
            response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        return response.body(problem(type, detail));
    }

    static ProblemDetail problem(ProblemType type, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(type.status(), detail);
        problem.setType(type.type());
        problem.setTitle(type.title());
        return problem;
    }
}
