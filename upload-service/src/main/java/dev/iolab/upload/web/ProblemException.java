package dev.iolab.upload.web;

/**
 * Root of the failures answered with a problem of the service's own: each feature's exception root extends it
 * ({@code UploadException}, {@code DownloadException}, {@code ValetKeyException}), and what every route shares (names,
 * the key, {@code Accept}) throws it with a {@link WebProblem}. {@link ProblemHandler} answers it.
 */
public class ProblemException extends RuntimeException implements ProblemCarrier {

    private final ProblemType problem;

    public ProblemException(ProblemType problem, String detail) {
        this(problem, detail, null);
    }

    public ProblemException(ProblemType problem, String detail, Throwable cause) {
        super(detail, cause);
        this.problem = problem;
    }

    @Override
    public ProblemType problem() {
        return problem;
    }
}
