package dev.iolab.upload.transfer.problem;

import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;

/**
 * Root of the upload feature's failures; each carries the problem it is answered with, one of the {@link
 * UploadProblem}s or, for what every route shares (a bug, a name), a {@code WebProblem}.
 */
public class UploadException extends ProblemException {

    public UploadException(ProblemType problem, String detail) {
        super(problem, detail);
    }

    public UploadException(ProblemType problem, String detail, Throwable cause) {
        super(problem, detail, cause);
    }
}
