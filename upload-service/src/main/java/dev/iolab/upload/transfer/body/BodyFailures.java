package dev.iolab.upload.transfer.body;

import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.Causes;
import dev.iolab.upload.web.ProblemException;
import java.io.EOFException;
import org.apache.commons.fileupload2.core.FileUploadException;

/**
 * The one mapping from a failure while reading a request body to the problem the client is answered with. Failures
 * arrive wrapped ({@link Causes}), so the causes are searched for the most specific one: our own checks ({@link
 * BodyException}), a malformed multipart envelope, an early end of stream. Anything else means the client went away.
 */
public final class BodyFailures {

    private BodyFailures() {}

    /**
     * @param failure what reading the body threw (or what {@link IncomingBody#failure()} remembered)
     * @param received bytes of the file received before it, or -1 when not counted (multipart envelope)
     */
    public static ProblemException asProblem(Throwable failure, long received) {
        BodyException body = Causes.find(failure, BodyException.class);
        if (body != null) {
            return new ProblemException(body.problem(), body.getMessage(), failure);
        }
        FileUploadException multipart = Causes.find(failure, FileUploadException.class);
        if (multipart != null) {
            return new ProblemException(
                    UploadProblem.MULTIPART_SHAPE, "malformed multipart body: " + multipart.getMessage(), failure);
        }
        if (Causes.find(failure, EOFException.class) != null) {
            return new ProblemException(
                    UploadProblem.INCOMPLETE_BODY,
                    received < 0
                            ? "the body ended early"
                            : "the body ended after " + received + " bytes, before its declared length",
                    failure);
        }
        return new ProblemException(UploadProblem.CLIENT_ABORTED, "reading the body failed: " + failure, failure);
    }
}
