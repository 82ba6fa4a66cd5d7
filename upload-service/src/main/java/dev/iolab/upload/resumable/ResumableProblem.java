package dev.iolab.upload.resumable;

import dev.iolab.upload.web.ProblemType;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/** The causes the resumable (tus) routes refuse a request with. */
enum ResumableProblem implements ProblemType {
    TUS_VERSION("tus-version", HttpStatus.PRECONDITION_FAILED, "Unsupported tus version"),
    INVALID_HEADER("invalid-tus-header", HttpStatus.BAD_REQUEST, "Invalid tus header"),
    UNSUPPORTED_CHECKSUM("unsupported-checksum", HttpStatus.BAD_REQUEST, "Unsupported checksum algorithm"),
    NOT_OFFSET_OCTET_STREAM(
            "not-offset-octet-stream",
            HttpStatus.UNSUPPORTED_MEDIA_TYPE,
            "Content-Type must be application/offset+octet-stream"),
    TOO_LARGE("too-large", HttpStatus.CONTENT_TOO_LARGE, "Upload too large"),
    BEYOND_LENGTH("beyond-upload-length", HttpStatus.CONTENT_TOO_LARGE, "Bytes beyond the upload's length"),
    OFFSET_MISMATCH("offset-mismatch", HttpStatus.CONFLICT, "Upload-Offset is not the upload's offset"),
    UPLOAD_LOCKED("upload-locked", HttpStatus.LOCKED, "Another request is writing this upload"),
    ORIGIN_NOT_ALLOWED("origin-not-allowed", HttpStatus.FORBIDDEN, "Origin not allowed"),
    UPLOAD_EXPIRED("upload-expired", HttpStatus.GONE, "Upload expired"),
    CHECKSUM_MISMATCH("checksum-mismatch", HttpStatusCode.valueOf(460), "Upload-Checksum does not match the body"),
    DIGEST_MISMATCH(
            "upload-digest-mismatch", HttpStatusCode.valueOf(460), "The upload's checksum does not match its bytes");

    private final Data data;

    ResumableProblem(String slug, HttpStatusCode status, String title) {
        this.data = Data.of(slug, status, title);
    }

    @Override
    public Data data() {
        return data;
    }
}
