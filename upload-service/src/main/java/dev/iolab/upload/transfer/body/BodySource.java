package dev.iolab.upload.transfer.body;

import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.io.function.IOSupplier;

/** Where an upload's bytes come from. Opened on the worker thread only, after the upload was admitted. */
public sealed interface BodySource permits BodySource.Raw, MultipartBody {

    /** When to stop waiting for the rest of the request's body once it is of no use. */
    BodyLinger linger();

    /**
     * The request body is the file.
     *
     * @param stream opens the request's input stream; opening reads nothing (Tomcat sends {@code 100 Continue} on
     *     the first read, not here)
     * @param linger the deadline every read of the opened stream keeps
     */
    record Raw(IOSupplier<InputStream> stream, BodyLinger linger) implements BodySource {

        /** A body that is not the request's (tests): no deadline to keep. */
        public Raw(IOSupplier<InputStream> stream) {
            this(stream, new BodyLinger());
        }

        public InputStream open() throws IOException {
            return stream.get();
        }
    }
}
