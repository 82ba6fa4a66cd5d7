package dev.iolab.upload.resumable;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/** tus 1.0 requests as a client sends them, over {@code java.net.http}, with an API key or none. */
final class TusHttp {

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofMinutes(1)).build();
    private final int port;
    private final String apiKey;

    TusHttp(int port, String apiKey) {
        this.port = port;
        this.apiKey = apiKey;
    }

    /** The same service as another client, with {@code key} (or none). */
    TusHttp as(String key) {
        return new TusHttp(port, key);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(uri(path)).timeout(Duration.ofMinutes(2)).header("Tus-Resumable", "1.0.0");
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        if (headers.length > 0) {
            builder.headers(headers);
        }
        return builder;
    }

    /**
     * The head lines of a {@code PATCH} sent raw ({@code RawHttp#head}, after its request line) from {@code offset}
     * with this client's key, if any; {@code framing} says how its body ends ({@code "Content-Length: n"}).
     */
    String[] patchHead(long offset, String framing) {
        List<String> lines = new ArrayList<>(List.of("Tus-Resumable: 1.0.0"));
        if (apiKey != null) {
            lines.add("Authorization: Bearer " + apiKey);
        }
        lines.addAll(List.of("Upload-Offset: " + offset, "Content-Type: application/offset+octet-stream", framing));
        return lines.toArray(String[]::new);
    }

    HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** {@code POST /files/} of {@code length} bytes with {@code metadata} (values Base64-encoded here). */
    HttpResponse<String> create(long length, Map<String, String> metadata) throws Exception {
        return send(request("/files/", "Upload-Length", Long.toString(length), "Upload-Metadata", metadata(metadata))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    }

    /** Creates an upload named {@code name} and returns its path ({@code Location}). */
    String created(String name, long length) throws Exception {
        HttpResponse<String> created = create(length, Map.of("filename", name));
        if (created.statusCode() != 201) {
            throw new AssertionError("create answered " + created.statusCode() + ": " + created.body());
        }
        return created.headers().firstValue("Location").orElseThrow();
    }

    HttpResponse<String> head(String path) throws Exception {
        return send(request(path)
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build());
    }

    /** The upload's {@code Upload-Offset}, as {@code HEAD} answers it. */
    long offset(String path) throws Exception {
        HttpResponse<String> head = head(path);
        if (head.statusCode() != 200) {
            throw new AssertionError("HEAD answered " + head.statusCode());
        }
        return Long.parseLong(head.headers().firstValue("Upload-Offset").orElseThrow());
    }

    HttpResponse<String> patch(String path, long offset, byte[] body, String... headers) throws Exception {
        List<String> all = new ArrayList<>(
                List.of("Upload-Offset", Long.toString(offset), "Content-Type", "application/offset+octet-stream"));
        all.addAll(List.of(headers));
        return send(request(path, all.toArray(String[]::new))
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(body))
                .build());
    }

    HttpResponse<String> delete(String path) throws Exception {
        return send(request(path).DELETE().build());
    }

    static String metadata(Map<String, String> pairs) {
        List<String> encoded = new ArrayList<>();
        pairs.forEach((key, value) ->
                encoded.add(key + " " + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))));
        return String.join(",", encoded);
    }
}
