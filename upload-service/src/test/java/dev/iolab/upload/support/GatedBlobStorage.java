package dev.iolab.upload.support;

import dev.iolab.upload.storage.BlobDownload;
import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.storage.BlobStorage;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

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
    public void uploadStream(String name, InputStream data, Supplier<byte[]> md5) {
        pass();
        delegate.uploadStream(name, data, md5);
    }

    @Override
    public void uploadBytes(String name, byte[] data, int length, byte[] md5) {
        pass();
        delegate.uploadBytes(name, data, length, md5);
    }

    @Override
    public void uploadFile(String name, Path file, byte[] md5) {
        pass();
        delegate.uploadFile(name, file, md5);
    }

    @Override
    public String stageBlock(String name, byte[] buffer, int length) {
        pass();
        return delegate.stageBlock(name, buffer, length);
    }

    @Override
    public void commitBlocks(String name, List<String> blockIds, byte[] md5) {
        pass();
        delegate.commitBlocks(name, blockIds, md5);
    }

    @Override
    public BlobDownload open(String name) {
        return delegate.open(name);
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
    public long sdkBufferBytes() {
        return delegate.sdkBufferBytes();
    }

    @Override
    public int maxBlocks() {
        return delegate.maxBlocks();
    }
}
