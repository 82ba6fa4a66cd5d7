package dev.iolab.upload.valet;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobProperties;
import dev.iolab.upload.support.Azurite;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Valet-key uploads against the real Azurite, with a plain HTTP client doing the client's part: grant, {@code PUT} to
 * the SAS URL, complete. What the SAS allows, what completion checks without trusting the client, and that a refused
 * upload leaves nothing under the name and an existing blob intact.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.api-key=" + ValetKeyUploadTest.API_KEY,
            "upload.container=valet",
            "upload.valet-key.max-size=8MB"
        })
@ExtendWith(Azurite.class)
class ValetKeyUploadTest {

    static final String API_KEY = "valet-key";

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry registry;

    ValetKeyClient client;
    final BlobServiceClient azurite = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient();
    final BlobContainerClient uploads = azurite.getBlobContainerClient("valet");
    final BlobContainerClient staging = azurite.getBlobContainerClient("valet-staging");

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
        registry.add(
                "upload.temp-dir",
                () -> Path.of("target", "upload-spool-valet").toAbsolutePath().toString());
    }

    @BeforeEach
    void client() {
        client = new ValetKeyClient(port, API_KEY);
    }

    @Test
    void grantPutAndCompleteStoresTheBlobUnderItsNameAndRemovesTheStagingBlob() throws Exception {
        byte[] content = randomBytes(3 * 1024 * 1024 + 17, 1);
        double before = successes();

        ValetKeyClient.Granted grant = client.granted("valet/one file.bin", content, true);
        assertThat(grant.name()).isEqualTo("valet/one file.bin");
        assertThat(grant.headers()).containsEntry("x-ms-blob-type", "BlockBlob");
        assertThat(grant.headers()).containsEntry("x-ms-blob-content-type", "application/octet-stream");
        assertThat(grant.headers()).containsEntry("Content-MD5", ValetKeyClient.base64Md5(content));
        assertThat(grant.completeUrl()).startsWith("/uploads/valet/one%20file.bin/complete?grant=");
        assertThat(java.time.Instant.parse(grant.expiresAt())).isAfter(java.time.Instant.now());
        assertThat(URI.create(grant.uploadUrl()).getQuery()).contains("sig=", "sr=b");
        assertThat(sasParameter(grant, "sp")).as("create only: one Put Blob").isEqualTo("c");
        assertThat(uploads.getBlobClient("valet/one file.bin").exists())
                .as("nothing under the name before completion")
                .isFalse();

        HttpResponse<String> put = client.put(grant, content);
        assertThat(put.statusCode()).as(put.body()).isEqualTo(201);
        assertThat(uploads.getBlobClient("valet/one file.bin").exists())
                .as("nothing under the name before completion")
                .isFalse();

        HttpResponse<String> done = client.complete(grant);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        assertThat(done.headers().firstValue("Location")).hasValue("/uploads/valet/one%20file.bin");
        assertThat(done.body())
                .contains(
                        "\"name\":\"valet/one file.bin\"",
                        "\"size\":" + content.length,
                        "\"md5\":\"" + HexFormat.of().formatHex(md5(content)) + "\"",
                        "\"strategy\":\"valet-key\"");
        HttpResponse<byte[]> back = client.http.send(
                client.service("/uploads/valet/one%20file.bin").GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(back.body()).isEqualTo(content);
        assertThat(back.headers().firstValue("Content-MD5")).hasValue(ValetKeyClient.base64Md5(content));
        assertThat(successes()).isEqualTo(before + 1);
        // the staging blob goes right after the answer, on a background thread
        await().atMost(Duration.ofSeconds(15))
                .until(() -> !staging.getBlobClient(stagingName(grant)).exists());
    }

    @Test
    void aPercentEncodedNameIsStoredAsTheClientMeantIt() throws Exception {
        byte[] content = randomBytes(100, 7);
        ValetKeyClient.Granted grant = client.granted("valet/with space & ünï.bin", content, true);
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        assertThat(client.complete(grant).statusCode()).isEqualTo(201);

        assertThat(uploads.getBlobClient("valet/with space & ünï.bin")
                        .downloadContent()
                        .toBytes())
                .isEqualTo(content);
    }

    @Test
    void withoutAnMd5AClientMayStageBlocksWithTheSameSasAndItsDeclaredMd5IsKept() throws Exception {
        byte[] content = randomBytes(2_500_000, 2);
        ValetKeyClient.Granted grant = client.granted("valet/blocks.bin", content, false);
        assertThat(sasParameter(grant, "sp")).isEqualTo("cw");

        client.putBlocks(
                grant,
                List.of(
                        java.util.Arrays.copyOfRange(content, 0, 1_000_000),
                        java.util.Arrays.copyOfRange(content, 1_000_000, 2_000_000),
                        java.util.Arrays.copyOfRange(content, 2_000_000, content.length)),
                md5(content));

        HttpResponse<String> done = client.complete(grant);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        assertThat(done.body()).contains("\"md5\":\"" + HexFormat.of().formatHex(md5(content)) + "\"");
        assertThat(uploads.getBlobClient("valet/blocks.bin").downloadContent().toBytes())
                .isEqualTo(content);
    }

    @Test
    void withAnMd5TheSasAllowsOnePutBlobAndNoBlocksPropertiesOrLeases() throws Exception {
        byte[] content = randomBytes(1000, 9);
        ValetKeyClient.Granted grant = client.granted("valet/one-put.bin", content, true);
        assertThat(sasParameter(grant, "sp")).isEqualTo("c");

        String blockId = java.net.URLEncoder.encode(
                java.util.Base64.getEncoder().encodeToString("block-000000".getBytes()),
                java.nio.charset.StandardCharsets.UTF_8);
        HttpResponse<String> block =
                fresh(HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=block&blockid=" + blockId))
                        .expectContinue(true)
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(content))
                        .build());
        assertThat(block.statusCode()).as(block.body()).isEqualTo(403);

        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        for (HttpRequest.Builder write : List.of(
                HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=properties"))
                        .header("x-ms-blob-content-md5", ValetKeyClient.base64Md5(new byte[1])),
                HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=lease"))
                        .header("x-ms-lease-action", "acquire")
                        .header("x-ms-lease-duration", "-1"))) {
            HttpResponse<String> refused =
                    fresh(write.PUT(HttpRequest.BodyPublishers.noBody()).build());
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
        }
        assertThat(client.complete(grant).statusCode()).isEqualTo(201);
    }

    @Test
    void theSasWritesItsStagingBlobAndNothingElse() throws Exception {
        ValetKeyClient.Granted grant = client.granted("valet/scoped.bin", new byte[10], false);
        URI url = URI.create(grant.uploadUrl());
        String sas = url.getRawQuery();
        String base = url.getScheme() + "://" + url.getRawAuthority();
        String stagingPath = url.getRawPath();

        // Another blob in the staging container, a blob in the uploads container: no writing with this SAS.
        for (String path : List.of(
                stagingPath.substring(0, stagingPath.lastIndexOf('/')) + "/other",
                "/" + Azurite.ACCOUNT + "/valet/valet/scoped.bin")) {
            // A connection of its own each time, with Expect: 100-continue: the store closes a connection after
            // refusing a request whose body it did not read.
            HttpResponse<String> write = fresh(HttpRequest.newBuilder(URI.create(base + path + "?" + sas))
                    .header("x-ms-blob-type", "BlockBlob")
                    .expectContinue(true)
                    .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[10]))
                    .build());
            assertThat(write.statusCode()).as(path + ": " + write.body()).isEqualTo(403);
        }
        // Not even reading: the staging blob itself, once written, or a stored upload.
        assertThat(client.put(grant, new byte[10]).statusCode()).isEqualTo(201);
        uploads.getBlobClient("valet/readable.bin").upload(com.azure.core.util.BinaryData.fromBytes(new byte[3]));
        for (String path : List.of(stagingPath, "/" + Azurite.ACCOUNT + "/valet/valet/readable.bin")) {
            HttpResponse<String> read = fresh(HttpRequest.newBuilder(URI.create(base + path + "?" + sas))
                    .GET()
                    .build());
            assertThat(read.statusCode()).as(path + ": " + read.body()).isEqualTo(403);
        }
        assertThat(staging.getBlobClient(stagingName(grant)).exists()).isTrue();
    }

    @Test
    void aWrongSizeIs422AndLeavesNothingUnderTheName() throws Exception {
        byte[] content = randomBytes(1000, 3);
        ValetKeyClient.Granted grant = client.granted("valet/short.bin", content, false);
        assertThat(client.put(grant, java.util.Arrays.copyOf(content, 999)).statusCode())
                .isEqualTo(201);

        assertProblem(client.complete(grant), 422, "staged-mismatch");
        assertThat(uploads.getBlobClient("valet/short.bin").exists()).isFalse();
        assertThat(staging.getBlobClient(stagingName(grant)).exists())
                .as("the refused staging blob is deleted")
                .isFalse();
        assertProblem(client.complete(grant), 409, "grant-used");
    }

    @Test
    void aWrongMd5Is422AndTheExistingBlobSurvives() throws Exception {
        byte[] original = randomBytes(500, 4);
        uploads.getBlobClient("valet/kept.bin").upload(com.azure.core.util.BinaryData.fromBytes(original), true);
        byte[] promised = randomBytes(2000, 5);
        ValetKeyClient.Granted grant = client.granted("valet/kept.bin", promised, true);
        byte[] sent = randomBytes(2000, 6);
        // The client leaves out the Content-MD5 header that would have let the store refuse the bytes at once (the
        // store computes their MD5 itself then), and tries to set the blob's MD5 property to the promised one.
        HttpResponse<String> stored = client.send(HttpRequest.newBuilder(URI.create(grant.uploadUrl()))
                .header("x-ms-blob-type", "BlockBlob")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(sent))
                .build());
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(201);
        HttpResponse<String> forged = fresh(HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=properties"))
                .header("x-ms-blob-content-md5", ValetKeyClient.base64Md5(promised))
                .PUT(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(forged.statusCode()).as("the SAS sets no properties").isEqualTo(403);

        assertProblem(client.complete(grant), 422, "staged-mismatch");
        assertThat(uploads.getBlobClient("valet/kept.bin").downloadContent().toBytes())
                .isEqualTo(original);
        assertThat(staging.getBlobClient(stagingName(grant)).exists()).isFalse();
    }

    @Test
    void theStoreRefusesBytesThatDoNotMatchTheGrantedHeaders() throws Exception {
        byte[] promised = randomBytes(2000, 10);
        ValetKeyClient.Granted grant = client.granted("valet/refused-at-put.bin", promised, true);
        HttpResponse<String> put = client.put(grant, randomBytes(2000, 11));
        assertThat(put.statusCode()).as(put.body()).isEqualTo(400);
        assertProblem(client.complete(grant), 409, "nothing-staged");
    }

    @Test
    void completingBeforeTheUploadIs409AndTheGrantStaysUsable() throws Exception {
        byte[] content = randomBytes(4096, 7);
        ValetKeyClient.Granted grant = client.granted("valet/early.bin", content, true);

        assertProblem(client.complete(grant), 409, "nothing-staged");
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        assertThat(client.complete(grant).statusCode()).isEqualTo(201);
        assertProblem(client.complete(grant), 409, "grant-used");
    }

    @Test
    void refusesBadGrantsAndCompletionsWithClearProblems() throws Exception {
        assertProblem(client.grant("valet/x", ""), 400, "invalid-size");
        assertProblem(client.grant("valet/x", "?size=ten"), 400, "invalid-size");
        assertProblem(client.grant("valet/x", "?size=-1"), 400, "invalid-size");
        assertProblem(client.grant("valet/x", "?size=" + (8L * 1024 * 1024 + 1)), 413, "too-large");
        assertProblem(client.grant("valet/x", "?size=10&md5=not-base64"), 400, "invalid-content-md5");
        assertProblem(client.grant("valet/a//b", "?size=10"), 400, "invalid-name");
        assertProblem(client.grant("", "?size=10"), 400, "invalid-name");
        // names are read from the raw path, as uploads read them: a path parameter is refused, not cut off
        assertProblem(client.grant("valet/report;v2.pdf", "?size=10"), 400, "invalid-name");
        assertProblem(client.complete("/uploads/valet/x/complete?grant=nope"), 404, "grant-not-found");
        assertProblem(client.complete("/uploads/valet/x/complete"), 404, "grant-not-found");

        ValetKeyClient.Granted grant = client.granted("valet/mine.bin", new byte[5], false);
        assertThat(client.put(grant, new byte[5]).statusCode()).isEqualTo(201);
        String otherName = grant.completeUrl().replace("/valet/mine.bin/", "/valet/theirs.bin/");
        assertProblem(client.complete(otherName), 404, "grant-not-found");
        assertThat(uploads.getBlobClient("valet/theirs.bin").exists()).isFalse();

        HttpResponse<String> otherPost = client.send(client.service("/uploads/valet/mine.bin/steal")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(otherPost.statusCode()).isEqualTo(405);
    }

    @Test
    void theApiKeyAppliesAndAnswersAreJsonOrNothingHappens() throws Exception {
        ValetKeyClient anonymous = new ValetKeyClient(port, null);
        assertProblem(anonymous.grant("valet/anon.bin", "?size=1"), 401, "unauthorized");

        byte[] content = randomBytes(100, 8);
        HttpResponse<String> xmlGrant = client.send(client.service("/uploads/valet/xml.bin/grant?size=100")
                .header("Accept", "application/xml")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(xmlGrant.statusCode()).as(xmlGrant.body()).isEqualTo(406);

        ValetKeyClient.Granted grant = client.granted("valet/xml.bin", content, false);
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        HttpResponse<String> xmlComplete = client.send(client.service(grant.completeUrl())
                .header("Accept", "application/xml")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(xmlComplete.statusCode()).as(xmlComplete.body()).isEqualTo(406);
        assertThat(uploads.getBlobClient("valet/xml.bin").exists())
                .as("refused before anything was copied")
                .isFalse();
        assertThat(client.complete(grant).statusCode())
                .as("the grant is still usable")
                .isEqualTo(201);
    }

    private static HttpResponse<String> fresh(HttpRequest request) throws Exception {
        try (java.net.http.HttpClient once = java.net.http.HttpClient.newHttpClient()) {
            return once.send(request, HttpResponse.BodyHandlers.ofString());
        }
    }

    private static String sasParameter(ValetKeyClient.Granted grant, String name) {
        for (String parameter : URI.create(grant.uploadUrl()).getQuery().split("&")) {
            if (parameter.startsWith(name + "=")) {
                return parameter.substring(name.length() + 1);
            }
        }
        return null;
    }

    @Test
    void anUploadSentWithAnotherContentTypeIsStoredAsOctetStreamWithItsMd5() throws Exception {
        byte[] content = randomBytes(200_000, 7);
        ValetKeyClient.Granted grant = client.granted("valet/typed.bin", content, true);
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(grant.uploadUrl()))
                .header("x-ms-blob-type", "BlockBlob")
                .header("Content-MD5", ValetKeyClient.base64Md5(content))
                .header("Content-Type", "text/html")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(content));
        assertThat(client.send(put.build()).statusCode()).isEqualTo(201);
        assertThat(staging.getBlobClient(stagingName(grant)).getProperties().getContentType())
                .isEqualTo("text/html");

        HttpResponse<String> done = client.complete(grant);

        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        BlobProperties stored = uploads.getBlobClient("valet/typed.bin").getProperties();
        assertThat(stored.getContentType()).isEqualTo("application/octet-stream");
        assertThat(stored.getContentMd5()).isEqualTo(md5(content));
    }

    private static String stagingName(ValetKeyClient.Granted grant) {
        String path = URI.create(grant.uploadUrl()).getPath();
        return path.substring(path.indexOf("/valet-staging/") + "/valet-staging/".length());
    }

    private double successes() {
        Timer timer = registry.find("iolab.upload")
                .tag("strategy", "valet-key")
                .tag("outcome", "success")
                .timer();
        return timer == null ? 0 : timer.count();
    }
}
