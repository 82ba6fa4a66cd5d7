package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobStorage;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.io.IOUtils;

/**
 * {@code in-memory}: reads the whole body into one byte array sized by {@code Content-Length}, then uploads it.
 * Costs its length in heap (the original study's out-of-memory failure at 125 × 10 MB in 512 MB).
 */
final class InMemoryUploadStrategy implements UploadStrategy {

    private final BlobStorage storage;

    InMemoryUploadStrategy(BlobStorage storage) {
        this.storage = storage;
    }

    @Override
    public String id() {
        return "in-memory";
    }

    @Override
    public boolean requiresLength() {
        return true;
    }

    @Override
    public long memoryCost(long length) {
        return Math.max(length, 0);
    }

    @Override
    public void upload(String name, IncomingBody body, long length) throws IOException {
        if (length > Integer.MAX_VALUE - 8) {
            throw new BodyException(ProblemType.TOO_LARGE, "in-memory holds at most 2 GiB; use another strategy");
        }
        // One array of the declared size (for multipart an upper bound of the file): no doubling while growing.
        byte[] data = new byte[(int) length];
        InputStream in = body.stream();
        int n = IOUtils.read(in, data);
        if (n == data.length && in.read() != IOUtils.EOF) {
            throw new BodyException(ProblemType.TOO_LARGE, "the body is longer than its Content-Length");
        }
        storage.uploadBytes(name, data, n, body.md5());
    }
}
