package dev.iolab.upload.web;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.storage.BlobNotFoundException;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.storage.StorageTimeoutException;
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
 * Answers every failure as RFC 9457 {@code application/problem+json} with a stable {@code type}: a {@link
 * ProblemException} (any feature's) with its own type and headers, a store failure with a {@link WebProblem}, Spring's
 * own failures as Spring answers them. A detail tells the
 * client what it can act on and nothing about the service's insides: a store failure's detail is fixed (the store's
 * answer, hosts and exception text go to the log, at WARN, without a stack trace), and a detail that carries a
 * library's message with a Java class name or a network address in it is replaced by the type's own (an address is
 * kept only where the type's detail names the client itself, {@link ProblemType#detailNamesTheClient()}).
 */
@RestControllerAdvice
public class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    /** A Java class name ({@code java.io.EOFException}) or a URL. */
    private static final Pattern CODE = Pattern.compile("(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b|://");

    /** An address ({@code /127.0.0.1:10100}, {@code host:443}). */
    private static final Pattern ADDRESS = Pattern.compile("\\d{1,3}(?:\\.\\d{1,3}){3}|\\w:\\d{2,5}\\b");

    private final String retryAfterSeconds;

    ProblemHandler(UploadProperties properties) {
        this.retryAfterSeconds =
                Long.toString(Math.max(1, properties.retryAfter().toSeconds()));
    }

    @ExceptionHandler(ProblemException.class)
    ResponseEntity<ProblemDetail> problem(ProblemException e) {
        log.debug("Refused, {}: {}", e.problem().title(), e.getMessage());
        return answer(e);
    }

    @ExceptionHandler(StorageException.class)
    ResponseEntity<ProblemDetail> storage(StorageException e) {
        if (e instanceof BlobNotFoundException) {
            return answer(WebProblem.NOT_FOUND, e.getMessage());
        }
        log.warn("Blob storage failure: {}", e.getMessage());
        return answer(
                e instanceof StorageTimeoutException ? WebProblem.STORAGE_TIMEOUT : WebProblem.STORAGE_UNAVAILABLE,
                null);
    }

    /** Spring logs this client fault at WARN; it is a client's, so DEBUG, like every other. */
    @Override
    protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(
            HttpRequestMethodNotSupportedException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        log.debug("{}", e.getMessage());
        return handleExceptionInternal(e, null, headers, status, request);
    }

    /** The answer for a failure that carries its problem, with the headers it carries. */
    ResponseEntity<ProblemDetail> answer(ProblemCarrier failure) {
        return answer(failure.problem(), failure.getMessage(), failure.headers());
    }

    /** The answer for {@code type}. */
    ResponseEntity<ProblemDetail> answer(ProblemType type, String detail) {
        return answer(type, detail, HttpHeaders.EMPTY);
    }

    /** With {@code Retry-After} when the client is to send again later, and a challenge on 401. */
    private ResponseEntity<ProblemDetail> answer(ProblemType type, String detail, HttpHeaders headers) {
        ResponseEntity.BodyBuilder response =
                ResponseEntity.status(type.status()).headers(headers);
        if (type.retryLater()) {
            response.header(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
        }
        if (type == WebProblem.UNAUTHORIZED) {
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
        if (detail == null
                || type.hidesDetail()
                || CODE.matcher(detail).find()
                || (!type.detailNamesTheClient() && ADDRESS.matcher(detail).find())) {
            return type.fixedDetail();
        }
        return detail;
    }
}
