package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import java.io.IOException;
import java.io.InputStream;

/**
 * {@code buffer-4k}, {@code buffer-4m}, {@code buffer-8m}: streams the body through one fixed buffer of that size
 * ({@link FixedBufferInputStream}, filled completely before its bytes move on) into the store — one Put Blob fed
 * chunk by chunk when the file's length is known, blocks of the configured block size when it is not. The buffer is
 * what the original experiment varied: how much the service holds per upload. An upload holds the buffer, plus
 * what {@code on-demand} holds ({@link MemoryCosts}).
 * <p>
 * Why the block is not simply the filled buffer: with a 4 KiB buffer that meant 2,560 Put Block requests per 10 MB
 * file and at most 195 MiB per blob (Azure allows 50,000 blocks). The buffer size is what the experiment varies; the
 * request size is a storage setting.
 */
public final class FixedBufferUploadStrategy implements UploadStrategy {

    private final String id;
    private final int bufferSize;
    private final BlobStorage storage;

    public FixedBufferUploadStrategy(String id, int bufferSize, BlobStorage storage) {
        this.id = id;
        this.bufferSize = bufferSize;
        this.storage = storage;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public long memoryCost(long declaredLength) {
        return BlockUploads.singleShot(storage, declaredLength)
                ? MemoryCosts.pushed(bufferSize)
                : MemoryCosts.blocks(bufferSize, storage.blockSize());
    }

    @Override
    public boolean hashes(long declaredLength) {
        return !BlockUploads.singleShot(storage, declaredLength);
    }

    @Override
    public byte[] upload(String name, IncomingBody body, long declaredLength, MemoryBudget.Reservation reservation)
            throws IOException {
        // Not closed: the container owns the request stream.
        InputStream in = new FixedBufferInputStream(body.stream(), bufferSize);
        if (BlockUploads.singleShot(storage, declaredLength)) {
            return storage.putStream(name, in, declaredLength, MemoryCosts.PUSH_CHUNK, body.expectedMd5());
        }
        return BlockUploads.upload(storage, name, in, body);
    }
}
