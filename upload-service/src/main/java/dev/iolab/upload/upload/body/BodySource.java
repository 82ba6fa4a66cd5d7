package dev.iolab.upload.upload.body;

import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.io.function.IOSupplier;

/** Where an upload's bytes come from. Opened on the worker thread only, after the upload was admitted. */
public sealed interface BodySource permits BodySource.Raw, MultipartBody {

    /**
     * The request body is the file.
     *
     * @param stream opens the request's input stream; opening reads nothing (Tomcat sends {@code 100 Continue} on
     *     the first read, not here)
     */
    record Raw(IOSupplier<InputStream> stream) implements BodySource {

        public InputStream open() throws IOException {
            return stream.get();
        }
    }
}
