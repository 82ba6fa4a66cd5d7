package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import java.io.IOException;

/**
 * One way of moving an upload's bytes into the blob store. Implementations read {@link IncomingBody#stream()} to
 * its end and make the blob appear only after it, so a failure at any point leaves no blob.
 */
public interface UploadStrategy {

    /** Stable ID used in {@code ?strategy=} and metrics. */
    String id();

    /** Whether the strategy needs the length before reading (411 without one). */
    default boolean requiresLength() {
        return false;
    }

    /** Largest file, in bytes, the strategy takes (413 beyond, naming the others); unlimited by default. */
    default long maxFileSize() {
        return Long.MAX_VALUE;
    }

    /**
     * Bytes of heap this upload holds whatever its size, reserved from the memory budget before its body is read
     * ({@link MemoryCosts}: measured). A strategy that holds the body grows its reservation as the bytes arrive.
     *
     * @param declaredLength the file's exact length when the client stated it, or -1 (chunked, multipart)
     */
    long memoryCost(long declaredLength);

    /**
     * Whether the body must be hashed while it is read. The store computes the MD5 of every single Put Blob itself
     * (and checks a client's {@code Content-MD5}); a blob committed from blocks gets no MD5 but the one sent with it.
     *
     * @param declaredLength the file's exact length when the client stated it, or -1
     */
    default boolean hashes(long declaredLength) {
        return false;
    }

    /**
     * Stores the body as blob {@code name}.
     *
     * @param declaredLength the file's exact length when the client stated it, or -1
     * @param reservation the upload's share of the memory budget, holding {@link #memoryCost}; grow it before
     *     holding more
     * @return the MD5 of the stored blob
     */
    byte[] upload(String name, IncomingBody body, long declaredLength, MemoryBudget.Reservation reservation)
            throws IOException;
}
