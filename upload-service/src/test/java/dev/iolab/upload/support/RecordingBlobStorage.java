package dev.iolab.upload.support;

import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.storage.BlobStorage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A block store in memory for unit tests, with 1 KiB blocks and single Put Blobs up to {@value #SINGLE} bytes: keeps
 * staged blocks, records commits and the way each blob was written, and keeps each committed blob's bytes and MD5.
 * Every write commits only at its end, as the real store does; {@link #failWith} makes commits fail after the data was
 * read, as a store that breaks mid-upload would.
 */
public final class RecordingBlobStorage implements BlobStorage {

    public static final int BLOCK = 1024;
    public static final int SINGLE = 8 * BLOCK;

    public final Map<String, byte[]> staged = new LinkedHashMap<>();
    public final Map<String, byte[]> blobs = new ConcurrentHashMap<>();
    public final Map<String, byte[]> md5s = new ConcurrentHashMap<>();
    /** How each blob was last written: {@code stream}, {@code chunks}, {@code file} or {@code blocks}. */
    public final Map<String, String> writtenAs = new ConcurrentHashMap<>();

    final int maxBlocks;
    public List<String> committed;
    public byte[] committedMd5;
    volatile RuntimeException failure;
    /** The client MD5 handed to the last streamed Put Blob. */
    public volatile byte[] streamedContentMd5;

    public RecordingBlobStorage(int maxBlocks) {
        this.maxBlocks = maxBlocks;
    }

    /** From now on every commit throws {@code failure} instead. */
    public void failWith(RuntimeException failure) {
        this.failure = failure;
    }

    @Override
    public byte[] putStream(String name, InputStream data, long length, int chunkSize, byte[] contentMd5)
            throws IOException {
        streamedContentMd5 = contentMd5;
        byte[] bytes = data.readAllBytes(); // its end-of-stream checks throw before anything is committed
        if (bytes.length != length) {
            throw new IOException("announced " + length + " bytes, read " + bytes.length);
        }
        // As Azure does for a Put Blob without one: the store computes and keeps the MD5 of what it received.
        return commit(name, bytes, contentMd5, "stream");
    }

    @Override
    public byte[] putChunks(String name, List<ByteBuffer> chunks, long length, byte[] md5) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (ByteBuffer chunk : chunks) {
            ByteBuffer copy = chunk.duplicate();
            byte[] bytes = new byte[copy.remaining()];
            copy.get(bytes);
            joined.writeBytes(bytes);
        }
        return commit(name, joined.toByteArray(), md5, "chunks");
    }

    @Override
    public byte[] putFile(String name, Path file, byte[] md5) {
        try {
            return commit(name, Files.readAllBytes(file), md5, "file");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public BlockUpload startBlocks(String name) {
        List<String> ids = new ArrayList<>();
        return new BlockUpload() {
            @Override
            public void stage(byte[] buffer, int length) {
                synchronized (RecordingBlobStorage.this) {
                    String id = "block-" + staged.size();
                    staged.put(id, Arrays.copyOf(buffer, length));
                    ids.add(id);
                }
            }

            @Override
            public void commit(byte[] md5) {
                synchronized (RecordingBlobStorage.this) {
                    ByteArrayOutputStream joined = new ByteArrayOutputStream();
                    ids.forEach(id -> joined.writeBytes(staged.get(id)));
                    RecordingBlobStorage.this.commit(name, joined.toByteArray(), md5, "blocks");
                    committed = new ArrayList<>(ids);
                    committedMd5 = md5;
                }
            }

            @Override
            public void close() {}
        };
    }

    /**
     * Commits, and returns the MD5 the blob keeps: for a single Put Blob the store computes it (checking a client's
     * {@code md5}, as Azure does); a block list keeps the {@code md5} sent with it.
     */
    private byte[] commit(String name, byte[] bytes, byte[] md5, String how) {
        if (failure != null) {
            throw failure;
        }
        byte[] stored = md5;
        if (!how.equals("blocks")) {
            stored = Payloads.md5(bytes);
            if (md5 != null && !java.util.Arrays.equals(md5, stored)) {
                throw new dev.iolab.upload.storage.StorageException("Md5Mismatch", null);
            }
        }
        blobs.put(name, bytes);
        writtenAs.put(name, how);
        if (stored != null) {
            md5s.put(name, stored);
        }
        return stored;
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
    public long maxSingleUploadSize() {
        return SINGLE;
    }

    @Override
    public int maxBlocks() {
        return maxBlocks;
    }
}
