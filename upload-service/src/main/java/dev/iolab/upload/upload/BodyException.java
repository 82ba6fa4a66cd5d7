package dev.iolab.upload.upload;

import java.io.IOException;

/**
 * Thrown from inside the request-body stream (size limit, declared length, MD5), so that whatever reads the
 * stream, our code or the Azure SDK, stops before it commits anything.
 */
class BodyException extends IOException {

    private final ProblemType problem;

    BodyException(ProblemType problem, String detail) {
        super(detail);
        this.problem = problem;
    }

    ProblemType problem() {
        return problem;
    }
}
