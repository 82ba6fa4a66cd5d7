package dev.iolab.upload.valet;

import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;

/**
 * Root of the valet-key feature's failures: its own {@link ValetKeyProblem}s, and the size, MD5 and completion-slot
 * refusals it shares with uploads ({@code UploadProblem}).
 */
class ValetKeyException extends ProblemException {

    ValetKeyException(ProblemType problem, String detail) {
        super(problem, detail);
    }

    ValetKeyException(ProblemType problem, String detail, Throwable cause) {
        super(problem, detail, cause);
    }
}
