package dev.iolab.upload.storage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Block-blob access for the upload strategies. Every write makes the blob appear under its name in one atomic step
 * at its very end (one Put Blob, or a server-side copy of a blob staged elsewhere), so a failed upload leaves no blob
 * and never replaces an existing one, and of two uploads to one name the one that finishes last wins, whole. A
 * container that has gone missing is created again by the write that finds it missing. Failures of the store are
 * {@link StorageException}s; failures of the bytes handed in are their own {@code IOException}s.
 */
public interface BlobStorage {

    /**
     * Sends exactly {@code length} bytes read from {@code data} as one Put Blob, reading them on the calling thread as
     * the store takes them (at most {@code chunkSize} bytes per read). The last chunk is sent only after {@code data}
     * has reported end of stream, so an exception {@code data} throws at its end (a failed length or MD5 check)
     * aborts the request before the store has the whole blob, and nothing is stored.
     *
     * @param contentMd5 the client's MD5 of the bytes, checked by the store as well, or null
     * @return the MD5 of the stored blob, as the store computed it
     * @throws IOException what {@code data} threw; nothing was stored
     * @throws StorageRecoveringException the container was missing and has been created again; the bytes already
     *     read cannot be sent again, so the caller must ask its client to retry
     */
    byte[] putStream(String name, InputStream data, long length, int chunkSize, byte[] contentMd5) throws IOException;

    /**
     * Stores {@code chunks} (together {@code length} bytes), in order, as one Put Blob.
     *
     * @param contentMd5 the client's MD5 of the bytes, checked by the store, or null
     * @return the MD5 of the stored blob, as the store computed it
     */
    byte[] putChunks(String name, List<ByteBuffer> chunks, long length, byte[] contentMd5);

    /**
     * Stores a file: one Put Blob up to {@link #maxSingleUploadSize()}, blocks staged away from {@code name} and
     * copied in one step beyond.
     *
     * @param contentMd5 the file's MD5 when known (checked by the store), or null
     * @return the MD5 of the stored blob
     */
    byte[] putFile(String name, Path file, byte[] contentMd5);

    /**
     * Starts an upload of unknown length in blocks of at most {@link #blockSize()} bytes. The blocks are staged on a
     * blob of their own, so a concurrent upload to {@code name} cannot discard them; {@link BlockUpload#commit}
     * copies the result under {@code name} in one step.
     */
    BlockUpload startBlocks(String name);

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

    /** Block size, in bytes, of block uploads. */
    long blockSize();

    /** Largest upload, in bytes, sent as one Put Blob. */
    long maxSingleUploadSize();

    /** Most blocks one blob may have (Azure's limit is 50,000). */
    int maxBlocks();

    /** An upload in blocks, staged away from its name until {@link #commit}; {@link #close} discards what is left. */
    interface BlockUpload extends AutoCloseable {

        /** Stages {@code length} bytes of {@code buffer} as the next block (the buffer may be reused afterwards). */
        void stage(byte[] buffer, int length);

        /** Commits the staged blocks, in order, with {@code md5}, and makes them appear under the name. */
        void commit(byte[] md5);

        /** Discards the staged blocks unless committed; never throws. */
        @Override
        void close();
    }
}
