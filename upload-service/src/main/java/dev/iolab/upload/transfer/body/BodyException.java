package dev.iolab.upload.transfer.body;

import dev.iolab.upload.web.ProblemCarrier;
import dev.iolab.upload.web.ProblemType;
import java.io.IOException;

/**
 * Thrown from inside the request-body stream (size limit, declared length, MD5, rate), so that whatever reads the
 * stream, our code or the Azure SDK, stops before it commits anything. An {@code IOException} for those readers, it
 * carries the problem it is answered with ({@link BodyFailures} turns it into a {@code ProblemException}).
 */
public class BodyException extends IOException implements ProblemCarrier {

    private final ProblemType problem;

    public BodyException(ProblemType problem, String detail) {
        super(detail);
        this.problem = problem;
    }

    @Override
    public ProblemType problem() {
        return problem;
    }
}
