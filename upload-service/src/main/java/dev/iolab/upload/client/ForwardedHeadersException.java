package dev.iolab.upload.client;

/**
 * A start refused because Spring Boot's own {@code X-Forwarded-For} reader ({@code server.forward-headers-strategy})
 * is switched on: who the client is behind a proxy is {@code upload.proxy.trusted}'s to say.
 */
final class ForwardedHeadersException extends IllegalStateException {

    ForwardedHeadersException(String strategy) {
        super("server.forward-headers-strategy=" + strategy + " would believe X-Forwarded-For from callers that are not"
                + " the proxy (native: every private and loopback address)");
    }
}
