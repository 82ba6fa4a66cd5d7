package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.transfer.body.BodyException;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import dev.iolab.upload.transfer.problem.UploadProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.IOUtils;

/**
 * {@code in-memory}: reads the whole body into memory, then uploads it as one Put Blob. The original study's
 * out-of-memory failure at 125 × 10 MB in 512 MB; here it holds its bytes in chunks of at most {@value #CHUNK} bytes,
 * each reserved from the memory budget before it is allocated — as the bytes arrive, not when a header promises
 * them — and takes files up to {@code upload.memory-budget.in-memory-max-size} (and one request's share of the
 * budget): 413 beyond, naming the strategies that stream.
 */
final class InMemoryUploadStrategy implements UploadStrategy {

    /**
     * Largest chunk, bytes: a body grows its reservation by at most this much at a time. Below half of G1's smallest
     * region (1 MiB), so no chunk is a humongous object: a 1 MiB array would take two whole regions.
     */
    static final int CHUNK = 256 * 1024;

    /** First chunk of a body whose length is unknown (multipart): small files stay small. */
    static final int FIRST_CHUNK = 64 * 1024;

    private final BlobStorage storage;
    private final long maxSize;

    InMemoryUploadStrategy(BlobStorage storage, long maxSize) {
        this.storage = storage;
        this.maxSize = maxSize;
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
    public long maxFileSize() {
        return maxSize;
    }

    @Override
    public long memoryCost(long declaredLength) {
        return MemoryCosts.IN_MEMORY_OVERHEAD;
    }

    @Override
    public byte[] upload(String name, IncomingBody body, long declaredLength, MemoryBudget.Reservation reservation)
            throws IOException {
        InputStream in = body.stream();
        List<ByteBuffer> chunks = new ArrayList<>();
        long total = 0;
        while (true) {
            int size = nextChunk(declaredLength, total);
            if (size == 0) {
                // The declared length has arrived: one more read meets end of stream, which runs the body's checks.
                if (in.read() != IOUtils.EOF) {
                    throw new BodyException(UploadProblem.TOO_LARGE, "the body is longer than its Content-Length");
                }
                break;
            }
            if (total + size > maxSize + 1) {
                size = (int) (maxSize + 1 - total);
            }
            if (!reservation.tryGrow(size)) {
                throw new BodyException(
                        UploadProblem.MEMORY_BUDGET,
                        "in-memory holds " + total + " bytes of this upload and the memory budget has no room for"
                                + " more; retry later or use a strategy that streams");
            }
            byte[] chunk = new byte[size];
            int n = IOUtils.read(in, chunk);
            total += n;
            if (total > maxSize) {
                throw tooLarge();
            }
            chunks.add(ByteBuffer.wrap(chunk, 0, n));
            if (n < size) {
                break; // end of stream, checks passed
            }
        }
        return storage.putChunks(name, chunks, total, body.expectedMd5());
    }

    private int nextChunk(long declaredLength, long total) {
        if (declaredLength >= 0) {
            return (int) Math.min(CHUNK, declaredLength - total);
        }
        return total == 0 ? FIRST_CHUNK : CHUNK;
    }

    private BodyException tooLarge() {
        return new BodyException(
                UploadProblem.TOO_LARGE,
                "in-memory holds at most " + maxSize + " bytes (upload.memory-budget.in-memory-max-size); send"
                        + " larger files with on-demand, buffer-4k, buffer-4m, buffer-8m or temp-file");
    }
}
