package dev.iolab.upload.client;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Which client a request counts against ({@link ClientKey}): the client of a per-client API key by its name, anyone
 * else by its address. The address is the request's remote address: the socket's peer, or, when that peer is a
 * trusted proxy ({@code upload.proxy.trusted}), the client it names in {@code X-Forwarded-For} — Tomcat's
 * {@code RemoteIpValve} has put it there before any of our code runs. The key is computed once per request.
 */
public final class ClientIdentity {

    private static final String ATTRIBUTE = ClientKey.class.getName();

    private final ApiKeys keys;

    ClientIdentity(ApiKeys keys) {
        this.keys = keys;
    }

    /** The client {@code request} counts against. */
    public ClientKey of(HttpServletRequest request) {
        if (request.getAttribute(ATTRIBUTE) instanceof ClientKey known) {
            return known;
        }
        ClientKey key = keys.holder(request)
                .filter(ApiKeys.ClientName.class::isInstance)
                .map(holder -> ClientKey.named(((ApiKeys.ClientName) holder).name()))
                .orElseGet(() -> ClientKey.ofAddress(request.getRemoteAddr()));
        request.setAttribute(ATTRIBUTE, key);
        return key;
    }
}
