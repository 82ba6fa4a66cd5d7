package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RunningServiceSupport;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Expiry on a short clock: an upload lives {@code upload.resumable.expiry} after its creation or its last
 * {@code PATCH}; one found expired is deleted at once and answered 410, and one nobody asks for again is removed,
 * blocks and all, by the staging sweep.
 */
@TestPropertySource(
        properties = {
            "upload.container=resumable-expiry",
            "upload.temp-dir=target/upload-spool-resumable-expiry",
            "upload.resumable.block-size=64KB",
            "upload.resumable.expiry=5s",
            "upload.azure.staging-max-age=8s",
            "upload.azure.staging-expiry-grace=1s",
            "upload.azure.staging-sweep-interval=500ms",
            // the valet-key feature refuses to start unless its grants outlive a sweep this eager; none are used here
            "upload.valet-key.ttl=1s",
            "upload.valet-key.claim-timeout=1s"
        })
class ResumableExpiryTest extends RunningServiceSupport {

    private static final int BLOCK = 64 * 1024;

    private final BlobContainerClient staging = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("resumable-expiry-staging");

    private TusHttp tus() {
        return new TusHttp(port, null);
    }

    @Test
    void creationAndEveryPatchSayWhenTheUploadExpiresAndAPatchMovesItOn() throws Exception {
        Instant before = Instant.now().minusSeconds(1);
        HttpResponse<String> created = tus().create(2 * BLOCK, java.util.Map.of("filename", "expiry/moved.bin"));
        String path = created.headers().firstValue("Location").orElseThrow();
        Instant expires = expires(created);
        assertThat(expires).isBetween(before.plusSeconds(5), Instant.now().plusSeconds(6));

        // Upload-Expires has whole seconds: a PATCH two seconds on moves it by at least one.
        Instant patchAt = before.plusSeconds(3);
        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(patchAt));
        HttpResponse<String> patched = tus().patch(path, 0, new byte[BLOCK]);
        assertThat(patched.statusCode()).as(patched.body()).isEqualTo(204);
        Instant moved = expires(patched);
        assertThat(moved).isAfter(expires);

        await().atMost(Duration.ofSeconds(10)).until(() -> Instant.now().isAfter(expires));
        assertThat(Instant.now()).as("the moved expiry has not passed yet").isBefore(moved);
        assertThat(tus().offset(path))
                .as("past the first expiry, alive by the PATCH")
                .isEqualTo(BLOCK);
    }

    @Test
    void anExpiredUploadIsAnswered410AndDeletedAtOnce() throws Exception {
        String path = tus().created("expiry/gone.bin", 2 * BLOCK);
        assertThat(tus().patch(path, 0, new byte[BLOCK]).statusCode()).isEqualTo(204);

        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> tus().head(path).statusCode() == 410);

        assertThat(staging.getBlobClient("resumable-" + path.substring("/files/".length()))
                        .exists())
                .isFalse();
        assertProblem(tus().patch(path, BLOCK, new byte[BLOCK]), 404, "not-found");
    }

    @Test
    void anAbandonedUploadsBlocksAndStateAreRemovedByTheSweep() throws Exception {
        String path = tus().created("expiry/abandoned.bin", 2 * BLOCK);
        assertThat(tus().patch(path, 0, new byte[BLOCK]).statusCode()).isEqualTo(204);
        String blob = "resumable-" + path.substring("/files/".length());
        assertThat(staging.getBlobClient(blob).exists()).isTrue();

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> !staging.getBlobClient(blob).exists());
    }

    private static Instant expires(HttpResponse<String> response) {
        return ZonedDateTime.parse(
                        response.headers().firstValue("Upload-Expires").orElseThrow(),
                        DateTimeFormatter.RFC_1123_DATE_TIME)
                .toInstant();
    }
}
