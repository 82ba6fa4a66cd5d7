package dev.iolab.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The stack's one HTTP client for talking to the processes it owns (their health, metrics, stats, APIs): short connect
 * timeout, bounded answers; a GET that is not answered 200 is an {@link IOException} naming the URL and status.
 */
final class LocalHttp {

    static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private LocalHttp() {}

    /** The body of {@code GET uri}, which must answer 200 within {@code timeout}. */
    static String get(URI uri, Duration timeout) throws IOException, InterruptedException {
        return get(uri, timeout, null);
    }

    /** As {@link #get(URI, Duration)}, with an {@code Authorization} header when {@code authorization} is not null. */
    static String get(URI uri, Duration timeout, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(uri).timeout(timeout).GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + uri + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }
}
