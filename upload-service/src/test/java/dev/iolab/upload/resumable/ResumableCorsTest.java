package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.RunningServiceSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * A page on an allowed origin uses {@code /files/} from a browser: its preflights are answered (without the API key,
 * which a browser does not send with one), and every answer lets it read the tus headers; a page on any other origin is
 * refused. Requests as a browser sends them, over real HTTP.
 */
@TestPropertySource(
        properties = {
            "upload.api-key=" + ResumableCorsTest.API_KEY,
            "upload.container=resumable-cors",
            "upload.temp-dir=target/upload-spool-resumable-cors",
            "upload.resumable.cors.allowed-origins=" + ResumableCorsTest.PAGE + ",https://*.pages.example",
            "upload.resumable.cors.max-age=10m"
        })
class ResumableCorsTest extends RunningServiceSupport {

    static final String API_KEY = "cors-key";
    static final String PAGE = "https://app.example.com";

    @Test
    void aPreflightFromAnAllowedOriginIsAnsweredWithoutTheApiKey() throws Exception {
        HttpResponse<String> preflight = preflight("/files/", PAGE, "POST");

        assertThat(preflight.statusCode()).isEqualTo(200);
        assertThat(header(preflight, "Access-Control-Allow-Origin")).isEqualTo(PAGE);
        assertThat(list(preflight, "Access-Control-Allow-Methods"))
                .contains("POST", "HEAD", "PATCH", "DELETE", "OPTIONS");
        assertThat(list(preflight, "Access-Control-Allow-Headers"))
                .contains("authorization", "tus-resumable", "upload-length", "upload-metadata", "content-type");
        assertThat(header(preflight, "Access-Control-Max-Age")).isEqualTo("600");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Credentials"))
                .isEmpty();
    }

    @Test
    void aPreflightForAPatchFromAnOriginThePatternAllowsIsAnswered() throws Exception {
        HttpResponse<String> preflight =
                preflight("/files/0123456789abcdef0123456789abcdef", "https://eu.pages.example", "PATCH");

        assertThat(preflight.statusCode()).isEqualTo(200);
        assertThat(header(preflight, "Access-Control-Allow-Origin")).isEqualTo("https://eu.pages.example");
    }

    @Test
    void aPreflightFromAnotherOriginIsRefusedWithoutCorsHeaders() throws Exception {
        HttpResponse<String> preflight = preflight("/files/", "https://elsewhere.example", "POST");

        assertProblem(preflight, 403, "origin-not-allowed");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                .isEmpty();
    }

    @Test
    void aRequestFromAnotherOriginIsRefusedAndNothingIsCreated() throws Exception {
        TusHttp tus = new TusHttp(port, API_KEY);
        HttpResponse<String> created = tus.send(tus.request(
                        "/files/",
                        "Origin",
                        "https://elsewhere.example",
                        "Upload-Length",
                        "10",
                        "Upload-Metadata",
                        TusHttp.metadata(Map.of("filename", "cors/refused.bin")))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());

        assertProblem(created, 403, "origin-not-allowed");
        assertThat(created.headers().firstValue("Location")).isEmpty();
    }

    @Test
    void theTusAnswersLetTheAllowedPageReadTheirHeaders() throws Exception {
        TusHttp tus = new TusHttp(port, API_KEY);
        byte[] body = "from a browser".getBytes();
        HttpResponse<String> created = tus.send(tus.request(
                        "/files/",
                        "Origin",
                        PAGE,
                        "Upload-Length",
                        Integer.toString(body.length),
                        "Upload-Metadata",
                        TusHttp.metadata(Map.of("filename", "cors/page.bin")))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(created.statusCode()).isEqualTo(201);
        assertExposesTusHeaders(created);
        String path = header(created, "Location");

        HttpResponse<String> whole = tus.send(tus.request(
                        path, "Origin", PAGE, "Upload-Offset", "0", "Content-Type", "application/offset+octet-stream")
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(body))
                .build());
        assertThat(whole.statusCode()).isEqualTo(204);
        assertExposesTusHeaders(whole);

        HttpResponse<String> head = tus.send(tus.request(path, "Origin", PAGE)
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(header(head, "Upload-Offset")).isEqualTo(Integer.toString(body.length));
        assertExposesTusHeaders(head);

        HttpResponse<String> wrongOffset = tus.send(tus.request(
                        path, "Origin", PAGE, "Upload-Offset", "0", "Content-Type", "application/offset+octet-stream")
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(body))
                .build());
        assertProblem(wrongOffset, 409, "offset-mismatch");
        assertThat(header(wrongOffset, "Access-Control-Allow-Origin"))
                .as("a refusal the page can read")
                .isEqualTo(PAGE);
    }

    private HttpResponse<String> preflight(String path, String origin, String method) throws Exception {
        TusHttp anonymous = new TusHttp(port, null);
        return anonymous.send(HttpRequest.newBuilder(anonymous.uri(path))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin)
                .header("Access-Control-Request-Method", method)
                .header(
                        "Access-Control-Request-Headers",
                        "authorization,content-type,tus-resumable,upload-length,upload-metadata,upload-offset")
                .build());
    }

    private static void assertExposesTusHeaders(HttpResponse<String> answer) {
        assertThat(header(answer, "Access-Control-Allow-Origin")).isEqualTo(PAGE);
        assertThat(list(answer, "Access-Control-Expose-Headers"))
                .contains(
                        "Upload-Offset",
                        "Location",
                        "Upload-Length",
                        "Tus-Version",
                        "Tus-Resumable",
                        "Tus-Max-Size",
                        "Tus-Extension",
                        "Upload-Metadata",
                        "Upload-Expires",
                        "Upload-Checksum");
    }

    private static String header(HttpResponse<String> answer, String name) {
        return answer.headers()
                .firstValue(name)
                .orElseThrow(() -> new AssertionError(
                        "no " + name + " in " + answer.headers().map()));
    }

    private static List<String> list(HttpResponse<String> answer, String name) {
        return Arrays.stream(header(answer, name).split(","))
                .map(String::strip)
                .map(value -> name.equals("Access-Control-Allow-Headers") ? value.toLowerCase() : value)
                .toList();
    }
}
