package dev.iolab.upload.web;

import org.springframework.http.HttpStatus;

/**
 * The causes any route may meet, whatever its feature: the caller's key and {@code Accept}, the blob name (one type
 * per rule Azure names, {@code invalid-name} for the service's own), a body too slow for the connector, a store that
 * failed, and the service's own bugs.
 */
public enum WebProblem implements ProblemType {
    INVALID_NAME("invalid-name", HttpStatus.BAD_REQUEST, "Invalid blob name"),
    NAME_TOO_LONG("name-too-long", HttpStatus.BAD_REQUEST, "Blob name longer than 1,024 characters"),
    NAME_TOO_DEEP("name-too-deep", HttpStatus.BAD_REQUEST, "Blob name with more than 254 path segments"),
    NAME_TRAILING_DOT_OR_SLASH(
            "name-trailing-dot-or-slash", HttpStatus.BAD_REQUEST, "Blob name or path segment ending in '.' or '/'"),
    NAME_FORBIDDEN_CHARACTER(
            "name-forbidden-character", HttpStatus.BAD_REQUEST, "Blob name with a character the store refuses"),
    NAME_INVISIBLE_CHARACTER(
            "name-invisible-character", HttpStatus.BAD_REQUEST, "Blob name with an invisible character"),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED, "Missing or wrong API key"),
    NOT_ACCEPTABLE("not-acceptable", HttpStatus.NOT_ACCEPTABLE, "Answers are JSON only"),
    BODY_TOO_SLOW("body-too-slow", HttpStatus.REQUEST_TIMEOUT, "Request body too slow"),
    NOT_FOUND("not-found", HttpStatus.NOT_FOUND, "No such upload"),
    STORAGE_UNAVAILABLE(
            "storage-unavailable",
            HttpStatus.BAD_GATEWAY,
            "Blob storage failed",
            "the blob store failed or could not be reached"),
    STORAGE_TIMEOUT(
            "storage-timeout",
            HttpStatus.GATEWAY_TIMEOUT,
            "Blob storage timed out",
            "the blob store did not answer in time"),
    INTERNAL(
            "internal",
            HttpStatus.INTERNAL_SERVER_ERROR,
            "Internal error",
            "the service failed unexpectedly; the failure was logged");

    private final Data data;

    WebProblem(String slug, HttpStatus status, String title) {
        this.data = Data.of(slug, status, title);
    }

    /** @param hiddenDetail the detail always answered instead of the failure's own */
    WebProblem(String slug, HttpStatus status, String title, String hiddenDetail) {
        this.data = new Data(slug, status, title, hiddenDetail, true, false);
    }

    @Override
    public Data data() {
        return data;
    }
}
