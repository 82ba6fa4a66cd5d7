package dev.iolab.upload.transfer.problem;

import dev.iolab.upload.web.ProblemType;
import org.springframework.http.HttpStatus;

/**
 * The causes the upload feature refuses or fails an upload with: its head, its body, the capacity it waits for, and
 * a store that was repaired under it. The valet-key feature answers its size, MD5 and completion-slot refusals with
 * {@link #TOO_LARGE}, {@link #INVALID_CONTENT_MD5} and {@link #QUEUE_FULL} too.
 */
public enum UploadProblem implements ProblemType {
    UNKNOWN_STRATEGY("unknown-strategy", HttpStatus.BAD_REQUEST, "Unknown upload strategy"),
    TOO_LARGE("too-large", HttpStatus.CONTENT_TOO_LARGE, "Upload too large"),
    LENGTH_REQUIRED("length-required", HttpStatus.LENGTH_REQUIRED, "Content-Length required"),
    NOT_MULTIPART("not-multipart", HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Not a multipart/form-data request"),
    MULTIPART_SHAPE(
            "multipart-shape",
            HttpStatus.BAD_REQUEST,
            "Malformed multipart upload",
            "the multipart body is malformed",
            false),
    INCOMPLETE_BODY("incomplete-body", HttpStatus.BAD_REQUEST, "Body shorter than declared"),
    INVALID_CONTENT_MD5("invalid-content-md5", HttpStatus.BAD_REQUEST, "Invalid Content-MD5 header"),
    MD5_MISMATCH("md5-mismatch", HttpStatus.BAD_REQUEST, "Content-MD5 does not match the body"),
    CLIENT_ABORTED(
            "client-aborted",
            HttpStatus.BAD_REQUEST,
            "Client aborted the upload",
            "the connection ended before the body did",
            true),
    QUEUE_FULL("queue-full", HttpStatus.SERVICE_UNAVAILABLE, "Upload queue full"),
    QUEUE_TIMEOUT("queue-timeout", HttpStatus.SERVICE_UNAVAILABLE, "Upload waited too long in the queue"),
    MEMORY_BUDGET("memory-budget", HttpStatus.SERVICE_UNAVAILABLE, "Memory budget exhausted"),
    STORAGE_RECOVERING("storage-recovering", HttpStatus.SERVICE_UNAVAILABLE, "Blob storage was repaired; send again");

    private final Data data;

    UploadProblem(String slug, HttpStatus status, String title) {
        this.data = Data.of(slug, status, title);
    }

    UploadProblem(String slug, HttpStatus status, String title, String fixedDetail, boolean hidesDetail) {
        this.data = new Data(slug, status, title, fixedDetail, hidesDetail, false);
    }

    @Override
    public Data data() {
        return data;
    }
}
