package dev.iolab.upload.upload;

import dev.iolab.upload.upload.body.BodySource;

/**
 * An upload as its HTTP request states it, before anything is checked or read: built by {@link UploadRequests} from
 * the request head alone. Values are the client's, unvalidated; {@link UploadService} decides what they mean.
 *
 * @param name the blob name: for a raw body the path after {@code /uploads/}, for multipart the {@code ?name=}
 *     query parameter (a {@code name} form field or the file's filename may replace it); null when absent
 * @param strategy the {@code ?strategy=} query parameter (for multipart a {@code strategy} field may replace it), or
 *     null
 * @param contentLength the request's {@code Content-Length} in bytes, or -1 when it has none (chunked)
 * @param contentMd5 the {@code Content-MD5} header of a raw body, as sent, or null; a multipart file part carries its
 *     own
 * @param expectsContinue whether the client sent {@code Expect: 100-continue}, i.e. sends its body only once the
 *     service first reads it
 * @param body where the bytes come from, not yet opened
 * @param accept the {@code Accept} header, as sent, or null
 */
record UploadRequest(
        String name,
        String strategy,
        long contentLength,
        String contentMd5,
        boolean expectsContinue,
        BodySource body,
        String accept) {}
