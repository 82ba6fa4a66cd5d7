package dev.iolab.upload.valet;

import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Payloads;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Grants with a short life ({@code upload.valet-key.ttl=5s}) and a public endpoint that differs from the service's
 * own ({@code localhost} instead of {@code 127.0.0.1}): the SAS URL names the public one and works there; an expired
 * grant writes nothing and completes nothing; an abandoned grant's staging blob is deleted by the sweep once it has
 * expired.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.container=valet-expiry",
            "upload.valet-key.ttl=5s",
            "upload.azure.staging-sweep-interval=1s",
            "upload.azure.staging-expiry-grace=1s"
        })
@ExtendWith(Azurite.class)
class ValetKeyExpiryTest {

    @LocalServerPort
    int port;

    final BlobContainerClient uploads = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("valet-expiry");
    final BlobContainerClient staging = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("valet-expiry-staging");

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
        registry.add("upload.valet-key.public-endpoint", ValetKeyExpiryTest::publicEndpoint);
        registry.add(
                "upload.temp-dir",
                () -> Path.of("target", "upload-spool-valet-expiry")
                        .toAbsolutePath()
                        .toString());
    }

    static String publicEndpoint() {
        return "http://localhost:" + Azurite.get().port() + "/" + Azurite.ACCOUNT;
    }

    @Test
    void theUploadUrlNamesThePublicEndpointAndWorksThere() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        byte[] content = Payloads.randomBytes(1000, 11);
        ValetKeyClient.Granted grant = client.granted("public/one.bin", content, true);

        assertThat(grant.uploadUrl()).startsWith(publicEndpoint() + "/valet-expiry-staging/valet-");
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        assertThat(client.complete(grant).statusCode()).isEqualTo(201);
        assertThat(uploads.getBlobClient("public/one.bin").downloadContent().toBytes())
                .isEqualTo(content);
    }

    @Test
    void anExpiredGrantWritesNothingAndCompletesNothing() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        byte[] content = Payloads.randomBytes(1000, 12);
        ValetKeyClient.Granted grant = client.granted("expired/one.bin", content, false);
        Instant expiresAt = Instant.parse(grant.expiresAt());
        assertThat(Duration.between(Instant.now(), expiresAt)).isLessThanOrEqualTo(Duration.ofSeconds(5));

        await().atMost(30, TimeUnit.SECONDS).until(() -> Instant.now().isAfter(expiresAt.plusSeconds(1)));

        assertThat(client.put(grant, content).statusCode())
                .as("the SAS has expired")
                .isEqualTo(403);
        assertProblem(client.complete(grant), 410, "grant-expired");
        assertThat(uploads.getBlobClient("expired/one.bin").exists()).isFalse();
    }

    @Test
    void anAbandonedGrantsStagingBlobIsDeleted() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        byte[] content = Payloads.randomBytes(1000, 13);
        ValetKeyClient.Granted grant = client.granted("abandoned/one.bin", content, false);
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        String path = URI.create(grant.uploadUrl()).getPath();
        String stagingName = path.substring(path.indexOf("/valet-expiry-staging/") + "/valet-expiry-staging/".length());
        assertThat(staging.getBlobClient(stagingName).exists()).isTrue();

        // Never completed: once the grant has expired (and the grace after it), the sweep deletes what it staged.
        await().atMost(60, TimeUnit.SECONDS)
                .until(() -> !staging.getBlobClient(stagingName).exists());
        assertProblem(client.complete(grant), 410, "grant-expired");
    }
}
