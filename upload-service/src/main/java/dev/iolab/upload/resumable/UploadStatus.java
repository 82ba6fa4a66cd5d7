package dev.iolab.upload.resumable;

import java.time.Instant;
import org.springframework.http.HttpHeaders;

/**
 * Where an upload stands, as {@code HEAD} answers it and a {@code PATCH} after it wrote.
 *
 * @param offset the bytes the upload holds
 * @param uploadMetadata the creation's {@code Upload-Metadata}, or empty
 */
record UploadStatus(long offset, long length, Instant expires, String uploadMetadata, boolean completed) {

    /** What a tus answer says of it: the offset, and the expiry of an upload that is not complete. */
    HttpHeaders tusHeaders() {
        HttpHeaders headers = new HttpHeaders();
        headers.set(Tus.RESUMABLE, Tus.VERSION);
        headers.set(Tus.UPLOAD_OFFSET, Long.toString(offset));
        if (!completed) {
            headers.setDate(Tus.UPLOAD_EXPIRES, expires.toEpochMilli());
        }
        return headers;
    }

    static UploadStatus of(UploadState state, long offset) {
        return new UploadStatus(offset, state.length(), state.expires(), state.uploadMetadata(), state.completed());
    }
}
