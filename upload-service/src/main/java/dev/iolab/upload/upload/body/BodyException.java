package dev.iolab.upload.upload.body;

import dev.iolab.upload.web.ProblemType;
import java.io.IOException;

/**
 * Thrown from inside the request-body stream (size limit, declared length, MD5), so that whatever reads the
 * stream, our code or the Azure SDK, stops before it commits anything.
 */
public class BodyException extends IOException {

    private final ProblemType problem;

    public BodyException(ProblemType problem, String detail) {
        super(detail);
        this.problem = problem;
    }

    public ProblemType problem() {
        return problem;
    }
}
