package dev.iolab.upload.upload.body;

import dev.iolab.upload.upload.problem.UploadException;
import dev.iolab.upload.web.ProblemType;
import java.io.EOFException;
import org.apache.commons.fileupload2.core.FileUploadException;
import org.apache.commons.io.IOExceptionList;

/**
 * The one mapping from a failure while reading a request body to the problem the client is answered with. Failures
 * arrive wrapped — commons-io collects observer failures in {@link IOExceptionList}s, Tomcat wraps a premature end of
 * stream in a {@code ClientAbortException}, the Azure SDK wraps whatever the stream it read threw — so the causes are
 * searched for the most specific one: our own checks ({@link BodyException}), a malformed multipart envelope, an early
 * end of stream. Anything else means the client went away.
 */
public final class BodyFailures {

    private BodyFailures() {}

    /**
     * @param failure what reading the body threw (or what {@link IncomingBody#failure()} remembered)
     * @param received bytes of the file received before it, or -1 when not counted (multipart envelope)
     */
    public static UploadException asProblem(Throwable failure, long received) {
        BodyException body = find(failure, BodyException.class);
        if (body != null) {
            return new UploadException(body.problem(), body.getMessage(), failure);
        }
        FileUploadException multipart = find(failure, FileUploadException.class);
        if (multipart != null) {
            return new UploadException(
                    ProblemType.MULTIPART_SHAPE, "malformed multipart body: " + multipart.getMessage(), failure);
        }
        if (find(failure, EOFException.class) != null) {
            return new UploadException(
                    ProblemType.INCOMPLETE_BODY,
                    received < 0
                            ? "the body ended early"
                            : "the body ended after " + received + " bytes, before its declared length",
                    failure);
        }
        return new UploadException(ProblemType.CLIENT_ABORTED, "reading the body failed: " + failure, failure);
    }

    /** The first throwable of {@code type} in {@code e}'s causes, including the lists commons-io collects. */
    public static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t instanceof IOExceptionList list) {
                for (Throwable cause : list) {
                    T found = find(cause, type);
                    if (found != null) {
                        return found;
                    }
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
