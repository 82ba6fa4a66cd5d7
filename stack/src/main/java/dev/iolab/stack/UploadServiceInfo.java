package dev.iolab.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The upload section of the service's {@code GET /actuator/info}:
 * {@code {"upload":{"strategies":["in-memory",...],"defaultStrategy":"temp-file"}}} — the service's own strategy list,
 * which the study, the load test and the scripts read instead of keeping copies.
 */
public record UploadServiceInfo(List<String> strategies, String defaultStrategy) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Parses the info document; fails with a clear message when it has no strategy list. */
    public static UploadServiceInfo parse(String body) {
        JsonNode upload;
        try {
            upload = JSON.readTree(body).path("upload");
        } catch (IOException e) {
            throw new IllegalArgumentException("/actuator/info is not JSON: " + e.getMessage(), e);
        }
        JsonNode list = upload.path("strategies");
        if (!list.isArray() || list.isEmpty()) {
            throw new IllegalArgumentException(
                    "/actuator/info has no upload.strategies (a service build without its info contributor?): " + body);
        }
        List<String> strategies = new ArrayList<>();
        list.forEach(s -> strategies.add(s.asText()));
        return new UploadServiceInfo(
                List.copyOf(strategies), upload.path("defaultStrategy").asText(null));
    }

    /** Reads the info of the service at {@code baseUrl}, sending {@code apiKey} as a bearer token when not null. */
    public static UploadServiceInfo fetch(URI baseUrl, String apiKey) {
        HttpRequest.Builder request = HttpRequest.newBuilder(baseUrl.resolve("/actuator/info"))
                .timeout(Duration.ofSeconds(10))
                .GET();
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        try {
            HttpResponse<String> response =
                    LocalHttp.CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET " + baseUrl.resolve("/actuator/info") + " answered "
                        + response.statusCode() + ": " + response.body());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + baseUrl.resolve("/actuator/info") + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
