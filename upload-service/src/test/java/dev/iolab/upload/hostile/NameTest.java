package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.web.BlobNames;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Names are what they say. Tomcat strips path parameters before routing and the store turns
 * {@code \} into {@code /}; a name with either is refused on every route (path, query, multipart field, filename), and
 * every name that is accepted is stored byte for byte as sent, answered in {@code Location}, and fetched from there.
 * Names Azure refuses — which Azurite stores — and names with invisible characters are refused on every route before a
 * body is read, with a problem type that names the rule.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "upload.container=names")
@ExtendWith(Azurite.class)
class NameTest {

    @LocalServerPort
    int port;

    @Autowired
    BlobContainerClient container;

    private final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
        registry.add(
                "upload.temp-dir",
                () -> Path.of("target", "upload-spool-names").toAbsolutePath().toString());
    }

    @Test
    void refusesPathParametersInsteadOfStoringUnderTheStrippedName() throws Exception {
        byte[] original = "the real report".getBytes(StandardCharsets.UTF_8);
        assertThat(put("/uploads/report", original).status()).isEqualTo(201);

        for (String path : List.of("/uploads/report;v2.pdf", "/uploads/report%3Bv3", "/uploads/report;jsessionid=x")) {
            RawHttp.Response refused = put(path, "overwritten".getBytes(StandardCharsets.UTF_8));
            assertThat(refused.status()).as(path).isEqualTo(400);
            assertThat(refused.body()).contains(Problems.TYPE_PREFIX + "invalid-name");
        }
        RawHttp.Response parameterGet = get("/uploads/report;v2.pdf");
        assertThat(parameterGet.status())
                .as("a GET with a path parameter is not the plain name's")
                .isEqualTo(400);
        assertThat(get("/uploads/report").body()).isEqualTo("the real report");
    }

    @Test
    void refusesBackslashesOnEveryRouteAndStoresNothing() throws Exception {
        assertThat(postMultipart("", null, "..\\evil").status()).as("filename").isEqualTo(400);
        assertThat(postMultipart("", "..\\evil", "f.bin").status())
                .as("name field")
                .isEqualTo(400);
        assertThat(postMultipart("?name=..%5Cevil", null, "f.bin").status())
                .as("query")
                .isEqualTo(400);
        assertThat(put("/uploads/..%5Cevil", new byte[1]).status()).as("path").isEqualTo(400);
        assertThat(put("/uploads/a%5Cb", new byte[1]).status()).as("path").isEqualTo(400);

        assertThat(container.listBlobs().stream().map(BlobItem::getName))
                .noneMatch(name -> name.contains("evil") || name.equals("a/b") || name.contains("\\"));
    }

    /** Names Azure refuses (or that Azurite stores and only look like other names), each with the rule it breaks. */
    static Stream<Arguments> namesAzureRefuses() {
        return Stream.of(
                Arguments.of(String.join("/", Collections.nCopies(255, "d")), "name-too-deep"),
                Arguments.of("dir./x.bin", "name-trailing-dot-or-slash"),
                Arguments.of("dir/", "name-trailing-dot-or-slash"),
                Arguments.of("x".repeat(1025), "name-too-long"),
                Arguments.of("tab\tname", "name-forbidden-character"),
                Arguments.of("private\uE000.bin", "name-forbidden-character"),
                Arguments.of("zero\u200Bwidth.bin", "name-invisible-character"),
                Arguments.of("report\u202Efdp.exe", "name-invisible-character"),
                Arguments.of("line\u2028break.bin", "name-invisible-character"));
    }

    @ParameterizedTest
    @MethodSource("namesAzureRefuses")
    void refusesNamesAzureRefusesBeforeReadingABodyOnEveryRoute(String name, String type) throws Exception {
        String path = BlobNames.path(name);
        try (RawHttp client = new RawHttp(port)) {
            // Asked to continue first: a 400 instead of 100 Continue means no byte of the body was wanted.
            RawHttp.Response refused = client.head(
                            "PUT " + path + " HTTP/1.1", "Content-Length: 1000000", "Expect: 100-continue")
                    .response(false);
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.headers().get("content-type")).startsWith("application/problem+json");
            assertThat(refused.body()).contains("\"type\":\"" + Problems.TYPE_PREFIX + type + "\"");
        }
        for (String request : List.of("GET " + path, "POST " + path + "/grant?size=1")) {
            RawHttp.Response refused;
            try (RawHttp client = new RawHttp(port)) {
                refused =
                        client.head(request + " HTTP/1.1", "Content-Length: 0").response(true);
            }
            assertThat(refused.status()).as(request).isEqualTo(400);
            assertThat(refused.body()).contains(Problems.TYPE_PREFIX + type);
        }
        assertThat(container.listBlobs().stream().map(BlobItem::getName)).doesNotContain(name);

        // A normal client beside the attack: its upload is stored in its normal time.
        long start = System.nanoTime();
        RawHttp.Response normal = put("/uploads/normal/beside.bin", new byte[100_000]);
        assertThat(normal.status()).as(normal.body()).isEqualTo(201);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dir/ünï cödé +%.txt", "it's (1) & [2]=x,y", "~user/a:b@c!$*", "q?x=1#frag"})
    void storesAValidNameAsSentAndServesItAtItsLocation(String name) throws Exception {
        byte[] content = ("content of " + name).getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> created = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + BlobNames.path(name)))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(content))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String location = created.headers().firstValue("Location").orElseThrow();
        assertThat(location).isEqualTo(BlobNames.path(name));
        assertThat(container.getBlobClient(name).exists())
                .as("stored under the exact name")
                .isTrue();
        HttpResponse<byte[]> fetched = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + location))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(fetched.statusCode()).isEqualTo(200);
        assertThat(fetched.body()).isEqualTo(content);
    }

    @Test
    void namesAMultipartUploadAfterItsUtf8FilenameAsSent() throws Exception {
        RawHttp.Response created = postMultipart("", null, "ünï cödé 文件.bin");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().get("location")).isEqualTo(BlobNames.path("ünï cödé 文件.bin"));
        assertThat(container.getBlobClient("ünï cödé 文件.bin").exists()).isTrue();
    }

    private RawHttp.Response put(String rawPath, byte[] body) throws IOException {
        try (RawHttp client = new RawHttp(port)) {
            return client.head("PUT " + rawPath + " HTTP/1.1", "Content-Length: " + body.length)
                    .body(body)
                    .response(true);
        }
    }

    private RawHttp.Response get(String rawPath) throws IOException {
        try (RawHttp client = new RawHttp(port)) {
            return client.head("GET " + rawPath + " HTTP/1.1").response(true);
        }
    }

    /** A multipart upload with an optional {@code name} field and a file part with {@code filename}, sent as UTF-8. */
    private RawHttp.Response postMultipart(String query, String nameField, String filename) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (nameField != null) {
            body.writeBytes(("--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n" + nameField + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        body.writeBytes(("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename + "\"\r\n\r\n"
                        + "content\r\n--b--\r\n")
                .getBytes(StandardCharsets.UTF_8));
        try (RawHttp client = new RawHttp(port)) {
            return client.head(
                            "POST /uploads" + query + " HTTP/1.1",
                            "Content-Type: multipart/form-data; boundary=b",
                            "Content-Length: " + body.size())
                    .body(body.toByteArray())
                    .response(true);
        }
    }
}
