package dev.iolab.upload.web;

import dev.iolab.upload.download.DownloadException;
import dev.iolab.upload.storage.BlobNotFoundException;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.storage.StorageTimeoutException;
import dev.iolab.upload.system.UploadProperties;
import dev.iolab.upload.upload.problem.UploadException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Answers every failure as RFC 9457 {@code application/problem+json} with a stable {@code type}. A detail tells the
 * client what it can act on and nothing about the service's insides: a store failure's detail is fixed (the store's
 * answer, hosts and exception text go to the log, at WARN, without a stack trace), and a detail that carries a
 * library's message with a Java class name or a network address in it is replaced by the type's own.
 */
@RestControllerAdvice
public class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    /** A Java class name ({@code java.io.EOFException}) or an address ({@code /127.0.0.1:10100}, {@code host:443}). */
    private static final Pattern INTERNALS = Pattern.compile(
            "(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b|\\d{1,3}(?:\\.\\d{1,3}){3}|://|\\w:\\d{2,5}\\b");

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
                null);
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

    /** Spring logs this client fault at WARN; it is a client's, so DEBUG, like every other. */
    @Override
    protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(
            HttpRequestMethodNotSupportedException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        log.debug("{}", e.getMessage());
        return handleExceptionInternal(e, null, headers, status, request);
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

    /** The problem for {@code type}; {@code detail} is replaced by the type's own when null or revealing. */
    static ProblemDetail problem(ProblemType type, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(type.status(), safe(type, detail));
        problem.setType(type.type());
        problem.setTitle(type.title());
        return problem;
    }

    private static String safe(ProblemType type, String detail) {
        if (detail == null || INTERNALS.matcher(detail).find()) {
            return fixedDetail(type);
        }
        return switch (type) {
            case INTERNAL, CLIENT_ABORTED, STORAGE_UNAVAILABLE, STORAGE_TIMEOUT -> fixedDetail(type);
            default -> detail;
        };
    }

    private static String fixedDetail(ProblemType type) {
        return switch (type) {
            case INTERNAL -> "the service failed unexpectedly; the failure was logged";
            case CLIENT_ABORTED -> "the connection ended before the body did";
            case STORAGE_UNAVAILABLE -> "the blob store failed or could not be reached";
            case STORAGE_TIMEOUT -> "the blob store did not answer in time";
            case MULTIPART_SHAPE -> "the multipart body is malformed";
            default -> type.title();
        };
    }
}
