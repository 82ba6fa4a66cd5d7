package dev.iolab.upload.client;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpHeaders;

/**
 * The configured API keys: one shared key ({@code upload.api-key}) and keys per client
 * ({@code upload.api-keys.<client-name>}), checked as {@code Authorization: Bearer <key>} for the routes
 * ({@link ApiKeyInterceptor}) and the health details ({@link ApiKeyHealthFilter}) alike. The shared key is compared in
 * the same time however much of the header matches; a client's key is found by the SHA-256 of what was presented, so
 * the lookup reveals nothing about any key either.
 */
final class ApiKeys {

    /** Who presented a configured key. */
    sealed interface Holder permits SharedKey, ClientName {}

    /** The shared key: the client is known by its address. */
    record SharedKey() implements Holder {}

    /** A client's own key: the client is known by its name. */
    record ClientName(String name) implements Holder {}

    private static final String BEARER = "Bearer ";

    /** The shared key's header value, or null when none is set. */
    private final byte[] shared;
    /** Hex SHA-256 of each client's header value, to the client's name. */
    private final Map<String, String> byDigest;

    /**
     * @param sharedKey {@code upload.api-key}, or null/blank when none is set
     * @param clientKeys {@code upload.api-keys}: client name to key
     * @throws IllegalArgumentException when a client's key is blank, or the same as another's or the shared one
     */
    ApiKeys(String sharedKey, Map<String, String> clientKeys) {
        this.shared = blank(sharedKey) ? null : (BEARER + sharedKey).getBytes(StandardCharsets.UTF_8);
        String sharedDigest = shared == null ? null : digest(BEARER + sharedKey);
        Map<String, String> digests = new HashMap<>();
        for (Map.Entry<String, String> client : clientKeys.entrySet()) {
            if (blank(client.getValue())) {
                throw new IllegalArgumentException("upload.api-keys." + client.getKey() + " is blank");
            }
            String digest = digest(BEARER + client.getValue());
            if (digest.equals(sharedDigest) || digests.put(digest, client.getKey()) != null) {
                throw new IllegalArgumentException("upload.api-keys." + client.getKey()
                        + " is the same key as another client's or upload.api-key; every client needs its own");
            }
        }
        this.byDigest = Map.copyOf(digests);
    }

    /** Whether any key is configured: without one every route is open. */
    boolean configured() {
        return shared != null || !byDigest.isEmpty();
    }

    /** Who presented a configured key with {@code request}; empty when it carries none of them. */
    Optional<Holder> holder(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            return Optional.empty();
        }
        if (shared != null && MessageDigest.isEqual(shared, header.getBytes(StandardCharsets.UTF_8))) {
            return Optional.of(new SharedKey());
        }
        if (byDigest.isEmpty()) {
            return Optional.empty();
        }
        return Optional.ofNullable(byDigest.get(digest(header))).map(ClientName::new);
    }

    /** Whether {@code request} carries a configured key; false when none is configured. */
    boolean presentedBy(HttpServletRequest request) {
        return holder(request).isPresent();
    }

    private static boolean blank(String key) {
        return key == null || key.isBlank();
    }

    private static String digest(String headerValue) {
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-256").digest(headerValue.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
