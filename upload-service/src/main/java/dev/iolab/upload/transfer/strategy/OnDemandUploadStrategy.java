package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import java.io.IOException;

/**
 * {@code on-demand}: the body goes to the store as the store takes it, with no buffer of the service's own: one Put
 * Blob that the upload thread feeds chunk by chunk when the file's length is known ({@link BlobStorage#putStream}),
 * blocks of the configured block size staged as they fill when it is not (chunked, multipart).
 * <p>
 * Cost: what the HTTP client may queue for a slower store plus the request's own state ({@link
 * MemoryCosts#pushed}), or one block ({@link MemoryCosts#blocks}) — whatever the file's size.
 */
final class OnDemandUploadStrategy implements UploadStrategy {

    private final BlobStorage storage;

    OnDemandUploadStrategy(BlobStorage storage) {
        this.storage = storage;
    }

    @Override
    public String id() {
        return "on-demand";
    }

    @Override
    public long memoryCost(long declaredLength) {
        return BlockUploads.singleShot(storage, declaredLength)
                ? MemoryCosts.pushed(0)
                : MemoryCosts.blocks(0, storage.blockSize());
    }

    @Override
    public boolean hashes(long declaredLength) {
        return !BlockUploads.singleShot(storage, declaredLength);
    }

    @Override
    public byte[] upload(String name, IncomingBody body, long declaredLength, MemoryBudget.Reservation reservation)
            throws IOException {
        if (BlockUploads.singleShot(storage, declaredLength)) {
            return storage.putStream(name, body.stream(), declaredLength, MemoryCosts.PUSH_CHUNK, body.expectedMd5());
        }
        return BlockUploads.upload(storage, name, body.stream(), body);
    }
}
