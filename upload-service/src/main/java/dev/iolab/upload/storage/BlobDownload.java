package dev.iolab.upload.storage;

import java.io.InputStream;

/**
 * An open blob: its committed size and stored MD5 (may be null for blobs written by others) and a stream of its
 * bytes that the caller must close.
 */
public record BlobDownload(long size, byte[] md5, InputStream content) {}
