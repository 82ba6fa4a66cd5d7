package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import dev.iolab.upload.support.UploadServiceTestSupport;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sweep sees blocks that were staged and never committed, against Azurite: a plain listing shows committed blobs
 * only. An expired grant's name loses its uncommitted blocks, with or without a committed blob beside them; a live
 * grant's stay.
 */
class UncommittedSweepTest extends UploadServiceTestSupport {

    private static final Duration GRACE = Duration.ofMinutes(1);

    @Autowired
    private StagingArea staging;

    @Autowired
    private AzureContainers containers;

    private final Instant now = Instant.now();
    private final String expired = limited(now.minus(Duration.ofMinutes(5)));
    private final String expiredCommitted = limited(now.minus(Duration.ofMinutes(5)));
    private final String live = limited(now.plus(Duration.ofMinutes(5)));

    @AfterEach
    void deleteWhatIsLeft() {
        List.of(expired, expiredCommitted, live).forEach(staging::delete);
    }

    @Test
    void anExpiredGrantsUncommittedBlocksAreDeletedAndALiveGrantsStay() {
        stageBlock(expired, 1);
        stageBlock(expired, 2);
        blocks(expiredCommitted).upload(BinaryData.fromString("committed"));
        stageBlock(expiredCommitted, 3);
        stageBlock(live, 1);
        assertThat(containers.staging().listBlobs().stream().map(BlobItem::getName))
                .as("a plain listing does not show them")
                .doesNotContain(expired, live);

        staging.sweep(now, now.minus(Duration.ofHours(1)), GRACE);

        assertThat(listedWithUncommitted())
                .doesNotContain(expired, expiredCommitted)
                .contains(live);
        assertThat(blocks(live).listBlocks(BlockListType.UNCOMMITTED).getUncommittedBlocks())
                .hasSize(1);
    }

    @Test
    void uncommittedBlocksOlderThanTheMaximumAgeAreDeletedWhateverTheirName() {
        String plain = staging.newName("files");
        stageBlock(plain, 1);

        staging.sweep(now, now.plus(Duration.ofSeconds(1)), GRACE);

        assertThat(listedWithUncommitted()).doesNotContain(plain);
    }

    private List<String> listedWithUncommitted() {
        return containers
                .staging()
                .listBlobs(
                        new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveUncommittedBlobs(true)),
                        null)
                .stream()
                .map(BlobItem::getName)
                .toList();
    }

    private void stageBlock(String name, int id) {
        blocks(name)
                .stageBlock(
                        Base64.getEncoder().encodeToString(("block-" + id).getBytes(StandardCharsets.UTF_8)),
                        BinaryData.fromBytes(new byte[1000]));
    }

    private BlockBlobClient blocks(String name) {
        return area().blob(name).getBlockBlobClient();
    }

    /** A staging name as a grant of at most 10 bytes that expires at {@code expiresAt} has it. */
    private static String limited(Instant expiresAt) {
        return "valet-" + expiresAt.getEpochSecond() + "-10-" + UUID.randomUUID();
    }

    private AzureStagingArea area() {
        return (AzureStagingArea) staging;
    }
}
