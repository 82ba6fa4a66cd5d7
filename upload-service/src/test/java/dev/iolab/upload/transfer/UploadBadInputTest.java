package dev.iolab.upload.transfer;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.UploadServiceTestSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each kind of bad input gets a clear 4xx problem and stores nothing. */
class UploadBadInputTest extends UploadServiceTestSupport {

    @Test
    void rejectsInvalidNames() throws Exception {
        assertProblem(put("", null, new byte[1]), 400, "invalid-name");
        assertProblem(put("a/%2E%2E/b", null, new byte[1]), 400, "invalid-name");
        assertProblem(put("a//b", null, new byte[1]), 400, "invalid-name");
        assertProblem(put("x".repeat(1025), null, new byte[1]), 400, "name-too-long");
        assertProblem(put("tab%09name", null, new byte[1]), 400, "name-forbidden-character");
        assertThat(blobExists("tab\tname")).isFalse();
        assertProblem(postMultipart("", multipart("b1", null, "", new byte[1]), "b1"), 400, "invalid-name");
    }

    @Test
    void rejectsDotSegmentsThatTheContainerDidNotNormaliseAway() throws Exception {
        try (RawHttp client = new RawHttp(port)) {
            RawHttp.Response response = client.head(
                            "PUT /uploads/a/./b HTTP/1.1", "Authorization: Bearer " + API_KEY, "Content-Length: 1")
                    .body(new byte[1])
                    .response(true);
            assertThat(response.status()).isEqualTo(400);
        }
    }

    @Test
    void rejectsUnknownStrategy() throws Exception {
        assertProblem(put("bad/strategy", "buffer-1k", new byte[1]), 400, "unknown-strategy");
        assertProblem(
                postMultipart("", multipart("b2", "zero-copy", "f.bin", new byte[1]), "b2"), 400, "unknown-strategy");
        assertThat(blobExists("bad/strategy")).isFalse();
        assertThat(blobExists("f.bin")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4m", "temp-file", "in-memory"})
    void rejectsBodyOverTheMaximumSize(String strategy) throws Exception {
        byte[] tooLarge = new byte[12 * 1024 * 1024 + 1];
        assertProblem(put("big/declared-" + strategy, strategy, tooLarge), 413, "too-large");
        if (!strategy.equals("in-memory")) {
            // No Content-Length: the limit is enforced while streaming, before anything is committed.
            HttpResponse<String> chunked = http.send(
                    authorized("/uploads/big/chunked-" + strategy + "?strategy=" + strategy)
                            .PUT(HttpRequest.BodyPublishers.ofInputStream(
                                    () -> new java.io.ByteArrayInputStream(tooLarge)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertProblem(chunked, 413, "too-large");
            assertThat(blobExists("big/chunked-" + strategy)).isFalse();
        }
        assertThat(blobExists("big/declared-" + strategy)).isFalse();
    }

    @Test
    void requiresContentLengthForInMemory() throws Exception {
        HttpResponse<String> response = http.send(
                authorized("/uploads/nolength?strategy=in-memory")
                        .PUT(HttpRequest.BodyPublishers.ofInputStream(
                                () -> new java.io.ByteArrayInputStream(new byte[10])))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(response, 411, "length-required");
        assertThat(blobExists("nolength")).isFalse();
    }

    @Test
    void rejectsWrongMultipartShapes() throws Exception {
        HttpResponse<String> notMultipart = http.send(
                authorized("/uploads")
                        .header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofString("hello"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(notMultipart, 415, "not-multipart");

        String noFilePart =
                "--b3\r\nContent-Disposition: form-data; name=\"other\"; filename=\"x.bin\"\r\n\r\nabc\r\n--b3--\r\n";
        assertProblem(postMultipart("", noFilePart.getBytes(StandardCharsets.UTF_8), "b3"), 400, "multipart-shape");

        String truncated = "--b4\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut.bin\"\r\n\r\nabc";
        assertProblem(
                postMultipart("?strategy=buffer-4k", truncated.getBytes(StandardCharsets.UTF_8), "b4"),
                400,
                "multipart-shape");
        assertThat(blobExists("cut.bin")).isFalse();

        HttpResponse<String> noBoundary = http.send(
                authorized("/uploads")
                        .header("Content-Type", "multipart/form-data")
                        .POST(HttpRequest.BodyPublishers.ofString("x"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(noBoundary, 400, "multipart-shape");
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4k", "temp-file", "in-memory"})
    void rejectsBodyShorterThanItsDeclaredLength(String strategy) throws Exception {
        try (RawHttp client = new RawHttp(port)) {
            RawHttp.Response response = client.head(
                            "PUT /uploads/short/" + strategy + "?strategy=" + strategy + " HTTP/1.1",
                            "Authorization: Bearer " + API_KEY,
                            "Content-Length: 100000")
                    .body(new byte[50_000])
                    .shutdownOutput()
                    .response(true);
            // Tomcat also signals the early end of stream to the async request; depending on which side answers
            // first the body is our problem (incomplete-body) or Boot's error document; the status is 400 either way.
            assertThat(response.status()).as(response.body()).isEqualTo(400);
        }
        assertThat(blobExists("short/" + strategy)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "buffer-8m", "temp-file"})
    void rejectsContentMd5ThatDoesNotMatchAndKeepsTheExistingBlob(String strategy) throws Exception {
        String name = "md5/" + strategy;
        byte[] original = randomBytes(5000, 1);
        assertThat(put(name, strategy, original).statusCode()).isEqualTo(201);

        byte[] replacement = randomBytes(3 * 1024 * 1024, 2);
        HttpResponse<String> mismatch = http.send(
                authorized("/uploads/" + name + "?strategy=" + strategy)
                        .header("Content-MD5", Base64.getEncoder().encodeToString(md5(original)))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(replacement))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(mismatch, 400, "md5-mismatch");
        assertThat(get(name).body()).isEqualTo(original);

        HttpResponse<String> matching = http.send(
                authorized("/uploads/" + name + "?strategy=" + strategy)
                        .header("Content-MD5", Base64.getEncoder().encodeToString(md5(replacement)))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(replacement))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(matching.statusCode()).isEqualTo(201);
        assertThat(get(name).body()).isEqualTo(replacement);
    }

    @Test
    void rejectsMalformedContentMd5() throws Exception {
        HttpResponse<String> response = http.send(
                authorized("/uploads/md5/malformed")
                        .header("Content-MD5", "not-base64!")
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[3]))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(response, 400, "invalid-content-md5");
        assertThat(blobExists("md5/malformed")).isFalse();
    }

    @Test
    void requiresTheApiKeyWhenOneIsConfigured() throws Exception {
        HttpResponse<String> anonymous = http.send(
                HttpRequest.newBuilder(uri("/uploads/secret"))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[3]))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(anonymous, 401, "unauthorized");
        HttpResponse<String> wrongKey = http.send(
                HttpRequest.newBuilder(uri("/uploads/secret"))
                        .header("Authorization", "Bearer nope")
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(wrongKey, 401, "unauthorized");
        assertThat(blobExists("secret")).isFalse();
    }

    @Test
    void answersMissingBlobWith404Problem() throws Exception {
        HttpResponse<String> response =
                http.send(authorized("/uploads/never/uploaded").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertProblem(response, 404, "not-found");
    }
}
