package dev.iolab.upload.web;

import dev.iolab.upload.storage.StorageException;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.SocketTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The container's error page ({@code /error}), in place of Boot's JSON: what Tomcat forwards here (a read timeout it
 * answered 408, an error on an asynchronous request, an exception that escaped a filter) is answered as
 * {@code application/problem+json} like everything else. An error that carries one of our own failures gets that
 * failure's problem (via {@link ProblemHandler}); a body read Tomcat timed out is {@code body-too-slow}; anything else is
 * {@code about:blank} with the status, as Spring answers its own framework errors.
 */
@RestController
class ProblemErrorController implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(ProblemErrorController.class);

    private final ProblemHandler problems;

    ProblemErrorController(ProblemHandler problems) {
        this.problems = problems;
    }

    @RequestMapping("${server.error.path:${error.path:/error}}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Throwable error = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        HttpStatus status = HttpStatus.resolve(
                request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer code ? code : 500);
        if (status == null) {
            status = HttpStatus.INTERNAL_SERVER_ERROR;
        }
        ProblemException problem = Causes.find(error, ProblemException.class);
        if (problem != null) {
            return problems.problem(problem);
        }
        StorageException storage = Causes.find(error, StorageException.class);
        if (storage != null) {
            return problems.storage(storage);
        }
        ProblemCarrier carrier = Causes.find(error, ProblemCarrier.class);
        if (carrier != null) {
            return problems.answer(carrier);
        }
        if (status == HttpStatus.REQUEST_TIMEOUT && Causes.find(error, SocketTimeoutException.class) != null) {
            return problems.answer(WebProblem.BODY_TOO_SLOW, null);
        }
        if (status.is5xxServerError()) {
            log.warn(
                    "Answered {} from the error page: {}",
                    status.value(),
                    error == null ? "no exception" : error.toString());
        }
        return ResponseEntity.status(status).body(ProblemDetail.forStatus(status));
    }
}
