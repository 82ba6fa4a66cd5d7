package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.blob.specialized.SpecializedBlobClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.RunningServiceSupport;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Blocks staged with a grant's SAS and never committed do not outlive the grant. A grant without an MD5 gives a
 * {@code cw} SAS, which allows Put Block; blocks that are never committed make no blob a plain listing shows, and Azure
 * keeps them a week. Here grants live 10 s and the sweep runs every second with a second's grace: five 4 MiB blocks
 * staged with the real SDK and never committed are gone a sweep after their grant expired, while a normal client's
 * blocks under a live grant are untouched and it completes its upload.
 */
@TestPropertySource(
        properties = {
            "upload.container=uncommitted",
            "upload.temp-dir=target/upload-spool-uncommitted",
            "upload.valet-key.ttl=10s",
            "upload.azure.staging-expiry-grace=1s",
            "upload.azure.staging-sweep-interval=1s"
        })
class UncommittedBlocksTest extends RunningServiceSupport {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int BLOCK = 4 * 1024 * 1024;
    private static final int BLOCKS = 5;

    private final BlobContainerClient staging = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("uncommitted-staging");

    @Test
    void blocksNeverCommittedAreGoneASweepAfterTheirGrantExpired() throws Exception {
        byte[] block = Payloads.randomBytes(BLOCK, 4);
        Map<String, Object> attack = grant("attack/never.bin", (long) BLOCK * BLOCKS);
        String attackStaging = stagingName(attack);
        List<String> attackIds = stageBlocks(sas(attack), block);
        assertThat(uncommitted(attackStaging)).as("staged, uncommitted").hasSize(BLOCKS);
        assertThat(staging.listBlobs().stream().map(BlobItem::getName))
                .as("a plain listing does not show them")
                .doesNotContain(attackStaging);
        assertThat(attackIds).hasSize(BLOCKS);

        Instant expiry = Instant.parse((String) attack.get("expiresAt"));
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(expiry));
        // A normal client with a live grant stages its blocks while the attack's expire.
        byte[] content = Payloads.randomBytes(BLOCK * 2, 5);
        Map<String, Object> normal = grant("normal/blocks.bin", content.length);
        BlockBlobClient normalSas = sas(normal);
        List<String> normalIds = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            normalIds.add(blockId(i));
            normalSas.stageBlock(
                    blockId(i),
                    BinaryData.fromBytes(java.util.Arrays.copyOfRange(content, i * BLOCK, (i + 1) * BLOCK)));
        }

        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> !listedWithUncommitted().contains(attackStaging));
        assertThat(uncommittedOrNone(attackStaging)).as("no block left").isEmpty();

        assertThat(uncommitted(stagingName(normal)))
                .as("a live grant's blocks are untouched")
                .hasSize(2);
        normalSas.commitBlockList(normalIds);
        HttpResponse<String> completed = post((String) normal.get("completeUrl"));
        assertThat(completed.statusCode()).as(completed.body()).isEqualTo(201);
    }

    private Map<String, Object> grant(String name, long size) throws Exception {
        HttpResponse<String> granted = post("/uploads/" + name + "/grant?size=" + size);
        assertThat(granted.statusCode()).as(granted.body()).isEqualTo(201);
        @SuppressWarnings("unchecked")
        Map<String, Object> grant = JSON.readValue(granted.body(), Map.class);
        return grant;
    }

    private HttpResponse<String> post(String pathAndQuery) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri(pathAndQuery))
                        .timeout(Duration.ofMinutes(1))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The real SDK's block blob client on the grant's SAS URL: what an attacker with the grant holds. */
    private static BlockBlobClient sas(Map<String, Object> grant) {
        return new SpecializedBlobClientBuilder()
                .endpoint((String) grant.get("uploadUrl"))
                .buildBlockBlobClient();
    }

    private static List<String> stageBlocks(BlockBlobClient blob, byte[] block) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < BLOCKS; i++) {
            blob.stageBlock(blockId(i), BinaryData.fromBytes(block));
            ids.add(blockId(i));
        }
        return ids;
    }

    private static String blockId(int i) {
        return Base64.getEncoder().encodeToString("block-%06d".formatted(i).getBytes(StandardCharsets.UTF_8));
    }

    private static String stagingName(Map<String, Object> grant) {
        String path = URI.create((String) grant.get("uploadUrl")).getPath();
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private List<?> uncommitted(String stagingName) {
        return staging.getBlobClient(stagingName)
                .getBlockBlobClient()
                .listBlocks(BlockListType.UNCOMMITTED)
                .getUncommittedBlocks();
    }

    /** The uncommitted blocks under the name; none when the store knows nothing under it (404). */
    private List<?> uncommittedOrNone(String stagingName) {
        try {
            return uncommitted(stagingName);
        } catch (com.azure.storage.blob.models.BlobStorageException e) {
            assertThat(e.getStatusCode()).isEqualTo(404);
            return List.of();
        }
    }

    private List<String> listedWithUncommitted() {
        return staging
                .listBlobs(
                        new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveUncommittedBlobs(true)),
                        null)
                .stream()
                .map(BlobItem::getName)
                .toList();
    }
}
