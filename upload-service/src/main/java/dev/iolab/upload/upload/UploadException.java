package dev.iolab.upload.upload;

/** Root of the upload feature's failures; each carries the {@link ProblemType} it is answered with. */
class UploadException extends RuntimeException {

    private final ProblemType problem;

    UploadException(ProblemType problem, String detail) {
        this(problem, detail, null);
    }

    UploadException(ProblemType problem, String detail, Throwable cause) {
        super(detail, cause);
        this.problem = problem;
    }

    ProblemType problem() {
        return problem;
    }
}
