package dev.iolab.upload.web;

import java.net.URI;
import org.springframework.http.HttpStatus;

/**
 * Every cause the service answers with its own RFC 9457 problem {@code type}. The URIs are stable identifiers
 * (clients match on them), documented in {@code docs/upload-service.md}.
 */
public enum ProblemType {
    INVALID_NAME("invalid-name", HttpStatus.BAD_REQUEST, "Invalid blob name"),
    UNKNOWN_STRATEGY("unknown-strategy", HttpStatus.BAD_REQUEST, "Unknown upload strategy"),
    TOO_LARGE("too-large", HttpStatus.CONTENT_TOO_LARGE, "Upload too large"),
    LENGTH_REQUIRED("length-required", HttpStatus.LENGTH_REQUIRED, "Content-Length required"),
    NOT_MULTIPART("not-multipart", HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Not a multipart/form-data request"),
    MULTIPART_SHAPE("multipart-shape", HttpStatus.BAD_REQUEST, "Malformed multipart upload"),
    INCOMPLETE_BODY("incomplete-body", HttpStatus.BAD_REQUEST, "Body shorter than declared"),
    INVALID_CONTENT_MD5("invalid-content-md5", HttpStatus.BAD_REQUEST, "Invalid Content-MD5 header"),
    MD5_MISMATCH("md5-mismatch", HttpStatus.BAD_REQUEST, "Content-MD5 does not match the body"),
    CLIENT_ABORTED("client-aborted", HttpStatus.BAD_REQUEST, "Client aborted the upload"),
    BODY_TOO_SLOW("body-too-slow", HttpStatus.REQUEST_TIMEOUT, "Request body too slow"),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED, "Missing or wrong API key"),
    QUEUE_FULL("queue-full", HttpStatus.SERVICE_UNAVAILABLE, "Upload queue full"),
    QUEUE_TIMEOUT("queue-timeout", HttpStatus.SERVICE_UNAVAILABLE, "Upload waited too long in the queue"),
    MEMORY_BUDGET("memory-budget", HttpStatus.SERVICE_UNAVAILABLE, "Memory budget exhausted"),
    DOWNLOADS_BUSY("downloads-busy", HttpStatus.SERVICE_UNAVAILABLE, "Too many downloads"),
    RANGE_NOT_SATISFIABLE("range-not-satisfiable", HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "Range not satisfiable"),
    NOT_FOUND("not-found", HttpStatus.NOT_FOUND, "No such upload"),
    STORAGE_UNAVAILABLE("storage-unavailable", HttpStatus.BAD_GATEWAY, "Blob storage failed"),
    STORAGE_TIMEOUT("storage-timeout", HttpStatus.GATEWAY_TIMEOUT, "Blob storage timed out"),
    INTERNAL("internal", HttpStatus.INTERNAL_SERVER_ERROR, "Internal error"),
    NOT_ACCEPTABLE("not-acceptable", HttpStatus.NOT_ACCEPTABLE, "Answers are JSON only"),
    STORAGE_RECOVERING("storage-recovering", HttpStatus.SERVICE_UNAVAILABLE, "Blob storage was repaired; send again"),
    INVALID_SIZE("invalid-size", HttpStatus.BAD_REQUEST, "Invalid size"),
    TOO_MANY_GRANTS("too-many-grants", HttpStatus.SERVICE_UNAVAILABLE, "Too many open valet-key grants"),
    GRANT_NOT_FOUND("grant-not-found", HttpStatus.NOT_FOUND, "No such valet-key grant"),
    GRANT_EXPIRED("grant-expired", HttpStatus.GONE, "Valet-key grant expired"),
    GRANT_USED("grant-used", HttpStatus.CONFLICT, "Valet-key grant already used"),
    NOTHING_STAGED("nothing-staged", HttpStatus.CONFLICT, "Nothing uploaded for this grant"),
    STAGED_MISMATCH("staged-mismatch", HttpStatus.UNPROCESSABLE_CONTENT, "Uploaded bytes differ from the grant");

    private static final String BASE = "https://iolab.dev/problems/";

    private final URI type;
    private final HttpStatus status;
    private final String title;

    ProblemType(String slug, HttpStatus status, String title) {
        this.type = URI.create(BASE + slug);
        this.status = status;
        this.title = title;
    }

    URI type() {
        return type;
    }

    HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }

    /** Capacity refusals: answered with {@code Retry-After}. */
    public boolean isCapacityRefusal() {
        return this == QUEUE_FULL
                || this == QUEUE_TIMEOUT
                || this == MEMORY_BUDGET
                || this == STORAGE_RECOVERING
                || this == TOO_MANY_GRANTS
                || this == DOWNLOADS_BUSY;
    }
}
