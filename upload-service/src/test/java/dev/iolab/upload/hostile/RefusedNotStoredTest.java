package dev.iolab.upload.hostile;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing is stored that was refused. An {@code Accept} that excludes JSON is answered 406 before
 * the body is read — a client that waits for {@code 100 Continue} never sends it — and the blob under the name is
 * untouched; anything that takes JSON gets the 201 as JSON.
 */
class RefusedNotStoredTest extends HostileUploadSupport {

    @ParameterizedTest
    @ValueSource(strings = {"application/xml", "text/html", "text/plain;q=1, application/json;q=0"})
    void anAcceptWithoutJsonIs406BeforeTheBodyAndStoresNothing(String accept) throws Exception {
        String name = "refused/" + accept.hashCode();
        byte[] original = randomBytes(1000, 1);
        assertThat(put(name, "on-demand", original).statusCode()).isEqualTo(201);

        try (RawHttp client = new RawHttp(port)) {
            RawHttp.Response response = client.head(
                            "PUT /uploads/" + name + "?strategy=on-demand HTTP/1.1",
                            "Content-Length: 5000",
                            "Accept: " + accept,
                            "Expect: 100-continue")
                    .response(false);
            assertThat(response.status()).as("refused before 100 Continue").isEqualTo(406);
            assertThat(response.body()).contains(Problems.TYPE_PREFIX + "not-acceptable");
        }
        assertThat(container.getBlobClient(name).downloadContent().toBytes()).isEqualTo(original);
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4k", "temp-file", "in-memory"})
    void aClientThatSendsItsBodyAnywayIsRefusedTooAndTheBlobIsKept(String strategy) throws Exception {
        String name = "refused/blind-" + strategy;
        byte[] original = randomBytes(2000, 2);
        assertThat(put(name, strategy, original).statusCode()).isEqualTo(201);

        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(uri("/uploads/" + name + "?strategy=" + strategy))
                        .timeout(Duration.ofMinutes(1))
                        .header("Accept", "application/xml")
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(randomBytes(3 * 1024 * 1024, 3)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(406);
        assertThat(container.getBlobClient(name).downloadContent().toBytes()).isEqualTo(original);
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "*/*", "application/*", "application/xml, application/json;q=0.5"})
    void anythingThatTakesJsonGetsTheJsonAnswer(String accept) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(uri("/uploads/refused/json-" + accept.hashCode() + "?strategy=buffer-4k"))
                        .header("Accept", accept)
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(randomBytes(100, 4)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.body()).contains("\"strategy\":\"buffer-4k\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/xml"})
    void aMultipartUploadIsRefusedTheSameWay(String accept) throws Exception {
        String boundary = "----refused";
        String multipart =
                "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"m.bin\"\r\n\r\n"
                        + "abc\r\n--" + boundary + "--\r\n";
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(uri("/uploads?name=refused/multipart"))
                        .header("Accept", accept)
                        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                        .POST(HttpRequest.BodyPublishers.ofString(multipart))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(406);
        assertThat(container.getBlobClient("refused/multipart").exists()).isFalse();
    }
}
