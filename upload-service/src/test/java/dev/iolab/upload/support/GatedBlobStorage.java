package dev.iolab.upload.support;

import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.storage.BlobStorage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test decorator of the real {@link BlobStorage}: while {@link #close() closed}, every write waits at the gate
 * before touching the body or the store, so tests can hold upload threads busy deterministically.
 */
public final class GatedBlobStorage implements BlobStorage {

    private final BlobStorage delegate;
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile CountDownLatch gate = new CountDownLatch(0);

    public GatedBlobStorage(BlobStorage delegate) {
        this.delegate = delegate;
    }

    public void close() {
        gate = new CountDownLatch(1);
    }

    public void open() {
        gate.countDown();
    }

    /** Writes waiting at the gate now. */
    public int waiting() {
        return waiting.get();
    }

    private void pass() {
        waiting.incrementAndGet();
        try {
            if (!gate.await(120, TimeUnit.SECONDS)) {
                throw new IllegalStateException("test gate never opened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            waiting.decrementAndGet();
        }
    }

    @Override
    public byte[] putStream(String name, InputStream data, long length, int chunkSize, byte[] contentMd5)
            throws IOException {
        pass();
        return delegate.putStream(name, data, length, chunkSize, contentMd5);
    }

    @Override
    public byte[] putChunks(String name, List<ByteBuffer> chunks, long length, byte[] md5) {
        pass();
        return delegate.putChunks(name, chunks, length, md5);
    }

    @Override
    public byte[] putFile(String name, Path file, byte[] md5) {
        pass();
        return delegate.putFile(name, file, md5);
    }

    @Override
    public BlockUpload startBlocks(String name) {
        pass();
        return delegate.startBlocks(name);
    }

    @Override
    public BlobInfo info(String name) {
        return delegate.info(name);
    }

    @Override
    public void read(String name, String etag, long offset, byte[] buffer, int length) {
        delegate.read(name, etag, offset, buffer, length);
    }

    @Override
    public void ping() {
        delegate.ping();
    }

    @Override
    public long blockSize() {
        return delegate.blockSize();
    }

    @Override
    public long maxSingleUploadSize() {
        return delegate.maxSingleUploadSize();
    }

    @Override
    public int maxBlocks() {
        return delegate.maxBlocks();
    }
}
