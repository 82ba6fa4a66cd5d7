package dev.iolab.upload.upload.problem;

import dev.iolab.upload.web.ProblemType;

/**
 * Root of the upload feature's failures (and of the valet-key feature's, which answers on the same routes); each
 * carries the {@link ProblemType} it is answered with.
 */
public class UploadException extends RuntimeException {

    private final ProblemType problem;

    public UploadException(ProblemType problem, String detail) {
        this(problem, detail, null);
    }

    public UploadException(ProblemType problem, String detail, Throwable cause) {
        super(detail, cause);
        this.problem = problem;
    }

    public ProblemType problem() {
        return problem;
    }
}
