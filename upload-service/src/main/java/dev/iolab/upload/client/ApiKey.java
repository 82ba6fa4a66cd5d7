package dev.iolab.upload.client;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.http.HttpHeaders;

/**
 * The one check of {@code Authorization: Bearer <upload.api-key>}, for the routes ({@link ApiKeyInterceptor}) and
 * the health details ({@link ApiKeyHealthFilter}) alike. The comparison takes the same time however much of the header
 * matches.
 */
final class ApiKey {

    /** The configured key's header value, or null when no key is set. */
    private final byte[] expected;

    /** @param key the configured key, or null/blank when none is set */
    ApiKey(String key) {
        this.expected = key == null || key.isBlank() ? null : ("Bearer " + key).getBytes(StandardCharsets.UTF_8);
    }

    /** Whether a key is configured at all. */
    boolean configured() {
        return expected != null;
    }

    /** Whether {@code request} carries the configured key; false when none is configured. */
    boolean presentedBy(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        return expected != null
                && header != null
                && MessageDigest.isEqual(expected, header.getBytes(StandardCharsets.UTF_8));
    }
}
