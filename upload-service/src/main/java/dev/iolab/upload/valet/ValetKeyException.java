package dev.iolab.upload.valet;

import dev.iolab.upload.upload.problem.UploadException;
import dev.iolab.upload.web.ProblemType;

/** Root of the valet-key feature's failures, answered like every upload problem. */
class ValetKeyException extends UploadException {

    ValetKeyException(ProblemType problem, String detail) {
        super(problem, detail);
    }

    ValetKeyException(ProblemType problem, String detail, Throwable cause) {
        super(problem, detail, cause);
    }
}
