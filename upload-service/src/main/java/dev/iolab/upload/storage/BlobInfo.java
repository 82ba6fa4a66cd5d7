package dev.iolab.upload.storage;

import java.time.OffsetDateTime;

/**
 * A committed blob's properties, read without its content.
 *
 * @param size bytes
 * @param md5 the MD5 stored with it (null for blobs written by others without one)
 * @param etag the version's entity tag, as the store quotes it (e.g. {@code "0x8D..."})
 * @param lastModified when this version was committed
 */
public record BlobInfo(long size, byte[] md5, String etag, OffsetDateTime lastModified) {}
