package dev.iolab.upload.upload;

import java.io.IOException;

/**
 * One way of moving an upload's bytes into the blob store. Implementations read {@link IncomingBody#stream()} to
 * its end and commit only after it, so a failure at any point leaves no blob.
 */
interface UploadStrategy {

    /** Stable ID used in {@code ?strategy=} and metrics. */
    String id();

    /** Whether the strategy needs the length before reading (411 without one). */
    default boolean requiresLength() {
        return false;
    }

    /**
     * Bytes of heap this upload may hold while it runs, reserved from the memory budget before the body is read.
     *
     * @param length the request's {@code Content-Length} (an upper bound of the file size), or -1
     */
    long memoryCost(long length);

    /**
     * Stores the body as blob {@code name}.
     *
     * @param length the request's {@code Content-Length} (an upper bound of the file size), or -1
     */
    void upload(String name, IncomingBody body, long length) throws IOException;
}
