package dev.iolab.upload.storage;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * Block-blob access for the upload strategies. Every write commits only at its very end, so a failed upload
 * leaves no blob and never replaces an existing one. Failures are {@link StorageException}s.
 */
public interface BlobStorage {

    /**
     * Streams {@code data} to the SDK, which cuts it into blocks of the configured block size and commits after
     * {@code data} reports end of stream. {@code md5} is asked for at end of stream and stored with the blob.
     * An {@code IOException} thrown by {@code data} aborts the upload before any commit.
     */
    void uploadStream(String name, InputStream data, Supplier<byte[]> md5);

    /** Uploads the first {@code length} bytes of {@code data} (SDK-managed blocks) and stores {@code md5}. */
    void uploadBytes(String name, byte[] data, int length, byte[] md5);

    /** Uploads a file (SDK-managed blocks) and stores {@code md5} with the blob. */
    void uploadFile(String name, Path file, byte[] md5);

    /** Stages {@code length} bytes of {@code buffer} as an uncommitted block and returns its ID. */
    String stageBlock(String name, byte[] buffer, int length);

    /** Commits staged blocks, in order, as the blob's content and stores {@code md5} with it. */
    void commitBlocks(String name, List<String> blockIds, byte[] md5);

    /** Opens a committed blob for reading. */
    BlobDownload open(String name);

    /** A committed blob's size, MD5, ETag and last modification, without reading its content. */
    BlobInfo info(String name);

    /**
     * Reads bytes {@code [offset, offset + length)} of the blob's version {@code etag} into {@code buffer[0, length)}
     * with one ranged read; the caller keeps the range inside the blob. What a download holds in memory is its buffer.
     *
     * @throws BlobChangedException the blob no longer has that ETag
     */
    void read(String name, String etag, long offset, byte[] buffer, int length);

    /** Checks that the container is reachable. */
    void ping();

    /** Block size, in bytes, of SDK-managed uploads; also the size of blocks our own strategies stage. */
    long blockSize();

    /** Upper bound, in bytes, of what the SDK holds in memory for one SDK-managed upload. */
    long sdkBufferBytes();

    /** Most blocks one blob may have (Azure's limit is 50,000). */
    int maxBlocks();
}
