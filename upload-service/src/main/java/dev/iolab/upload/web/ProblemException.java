package dev.iolab.upload.web;

import org.springframework.http.HttpHeaders;

/**
 * The one failure every feature throws to refuse or fail a request: it carries its {@link ProblemType} (each feature's
 * enum of them, or a {@link WebProblem} for what every route shares), a detail for the client, and any headers its
 * answer carries besides the ones every answer of its type does. {@link ProblemHandler} answers it. Only tus, whose
 * every answer carries its own headers, extends it ({@code ResumableException}).
 */
public class ProblemException extends RuntimeException implements ProblemCarrier {

    private final ProblemType problem;
    private final HttpHeaders headers;

    public ProblemException(ProblemType problem, String detail) {
        this(problem, detail, (Throwable) null);
    }

    public ProblemException(ProblemType problem, String detail, Throwable cause) {
        super(detail, cause);
        this.problem = problem;
        this.headers = HttpHeaders.EMPTY;
    }

    /** @param headers headers the answer carries besides its type's own (e.g. {@code Content-Range} on a 416) */
    public ProblemException(ProblemType problem, String detail, HttpHeaders headers) {
        super(detail);
        this.problem = problem;
        this.headers = HttpHeaders.readOnlyHttpHeaders(headers);
    }

    @Override
    public ProblemType problem() {
        return problem;
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }
}
