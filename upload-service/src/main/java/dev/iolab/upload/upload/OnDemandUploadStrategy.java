package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobStorage;

/**
 * {@code on-demand}: hands the request stream straight to the SDK, which pulls a block at a time as it uploads.
 * Costs what the SDK buffers: {@code blockSize × (maxConcurrency + 1)}.
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
    public long memoryCost(long length) {
        return storage.sdkBufferBytes();
    }

    @Override
    public void upload(String name, IncomingBody body, long length) {
        storage.uploadStream(name, body.stream(), body::md5);
    }
}
