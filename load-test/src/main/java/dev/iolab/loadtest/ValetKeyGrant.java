package dev.iolab.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The client's side of the valet-key contract (docs/upload-service.md, "Valet-key uploads"): the answer to
 * {@code POST /uploads/{name}/grant?size=N[&md5=BASE64]} is {@code 201} with
 * {@code {name, uploadUrl, headers, expiresAt, completeUrl}}; the client {@code PUT}s the bytes to {@code uploadUrl}
 * (absolute, carrying a SAS) with {@code headers}, then {@code POST}s {@code completeUrl}, which may be relative to the
 * service: it is resolved against the service's base URL.
 *
 * @param name        the blob name the upload will have
 * @param uploadUrl   where the bytes go, straight to storage
 * @param headers     headers the storage {@code PUT} must carry (e.g. {@code x-ms-blob-type: BlockBlob})
 * @param completeUrl where to confirm, absolute
 */
public record ValetKeyGrant(String name, URI uploadUrl, Map<String, String> headers, URI completeUrl) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Parses a grant answer from the service at {@code serviceBase}; fails with the reason on a malformed one. */
    public static ValetKeyGrant parse(String body, URI serviceBase) {
        JsonNode grant;
        try {
            grant = JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("grant answer is not JSON: " + body, e);
        }
        URI upload = URI.create(text(grant, "uploadUrl", body));
        if (!upload.isAbsolute() || !upload.getScheme().startsWith("http")) {
            throw new IllegalArgumentException("grant's uploadUrl must be an absolute http(s) URL: " + upload);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        JsonNode h = grant.path("headers");
        if (!h.isMissingNode() && !h.isNull() && !h.isObject()) {
            throw new IllegalArgumentException("grant's headers must be an object: " + body);
        }
        h.properties().forEach(e -> headers.put(e.getKey(), e.getValue().asText()));
        URI complete = resolve(serviceBase, text(grant, "completeUrl", body));
        return new ValetKeyGrant(text(grant, "name", body), upload, Map.copyOf(headers), complete);
    }

    /** {@code reference} resolved against the service's base URL, as a browser would resolve a link. */
    static URI resolve(URI serviceBase, String reference) {
        String base = serviceBase.toString();
        return URI.create(base.endsWith("/") ? base : base + "/").resolve(reference);
    }

    private static String text(JsonNode grant, String field, String body) {
        JsonNode value = grant.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException("grant answer lacks '" + field + "': " + body);
        }
        return value.asText();
    }
}
