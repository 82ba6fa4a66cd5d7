package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobDownload;
import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.storage.BlobStorage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A block store in memory for unit tests, with 1 KiB blocks: keeps staged blocks, records commits, and keeps each
 * committed blob's bytes and MD5. Every write commits only at its end, as the real store does; {@link #failWith}
 * makes commits fail after the data was read, as a store that breaks mid-upload would.
 */
final class RecordingBlobStorage implements BlobStorage {

    static final int BLOCK = 1024;

    final Map<String, byte[]> staged = new LinkedHashMap<>();
    final Map<String, byte[]> blobs = new ConcurrentHashMap<>();
    final Map<String, byte[]> md5s = new ConcurrentHashMap<>();
    final int maxBlocks;
    List<String> committed;
    byte[] committedMd5;
    volatile RuntimeException failure;

    RecordingBlobStorage(int maxBlocks) {
        this.maxBlocks = maxBlocks;
    }

    /** From now on every commit throws {@code failure} instead. */
    void failWith(RuntimeException failure) {
        this.failure = failure;
    }

    @Override
    public synchronized String stageBlock(String name, byte[] buffer, int length) {
        String id = "block-" + staged.size();
        staged.put(id, Arrays.copyOf(buffer, length));
        return id;
    }

    @Override
    public synchronized void commitBlocks(String name, List<String> blockIds, byte[] md5) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        blockIds.forEach(id -> joined.writeBytes(staged.get(id)));
        commit(name, joined.toByteArray(), md5);
        committed = new ArrayList<>(blockIds);
        committedMd5 = md5;
    }

    @Override
    public void uploadStream(String name, InputStream data, Supplier<byte[]> md5) {
        byte[] bytes;
        try {
            bytes = data.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // as the SDK does: the stream's failure, wrapped
        }
        commit(name, bytes, md5.get());
    }

    @Override
    public void uploadBytes(String name, byte[] data, int length, byte[] md5) {
        commit(name, Arrays.copyOf(data, length), md5);
    }

    @Override
    public void uploadFile(String name, Path file, byte[] md5) {
        try {
            commit(name, Files.readAllBytes(file), md5);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void commit(String name, byte[] bytes, byte[] md5) {
        if (failure != null) {
            throw failure;
        }
        blobs.put(name, bytes);
        if (md5 != null) {
            md5s.put(name, md5);
        }
    }

    @Override
    public BlobDownload open(String name) {
        byte[] blob = blobs.get(name);
        return new BlobDownload(blob.length, md5s.get(name), new ByteArrayInputStream(blob));
    }

    @Override
    public BlobInfo info(String name) {
        byte[] blob = blobs.get(name);
        return new BlobInfo(blob.length, md5s.get(name), "\"" + Arrays.hashCode(blob) + "\"", OffsetDateTime.now());
    }

    @Override
    public void read(String name, String etag, long offset, byte[] buffer, int length) {
        System.arraycopy(blobs.get(name), (int) offset, buffer, 0, length);
    }

    @Override
    public void ping() {}

    @Override
    public long blockSize() {
        return BLOCK;
    }

    @Override
    public int maxBlocks() {
        return maxBlocks;
    }

    @Override
    public long sdkBufferBytes() {
        return 2L * BLOCK;
    }
}
