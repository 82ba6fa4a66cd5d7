package dev.iolab.upload.resumable;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * What tells the nginx front's requests from clients': the secret it sends in {@code X-Front-Secret}, shared with it as
 * {@code upload.resumable.front.secret}. Without a configured secret (or with the front off) no request is the front's.
 */
final class FrontSecret {

    static final String HEADER = "X-Front-Secret";

    private final byte[] secret;

    FrontSecret(ResumableProperties properties) {
        String configured = properties.front().enabled() ? properties.front().secret() : "";
        this.secret = configured.getBytes(StandardCharsets.UTF_8);
    }

    /** Whether {@code request} carries the secret (compared in constant time). */
    boolean sentWith(HttpServletRequest request) {
        String sent = request.getHeader(HEADER);
        return secret.length > 0
                && sent != null
                && MessageDigest.isEqual(secret, sent.getBytes(StandardCharsets.UTF_8));
    }
}
