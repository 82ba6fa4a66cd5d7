package dev.iolab.upload.resumable;

import java.time.Instant;

/**
 * Where an upload stands, as {@code HEAD} answers it and a {@code PATCH} after it wrote.
 *
 * @param offset the bytes the upload holds
 * @param uploadMetadata the creation's {@code Upload-Metadata}, or empty
 */
record UploadStatus(long offset, long length, Instant expires, String uploadMetadata, boolean completed) {

    static UploadStatus of(UploadState state, long offset) {
        return new UploadStatus(offset, state.length(), state.expires(), state.uploadMetadata(), state.completed());
    }
}
