package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.loadtest.RandomUploadFile;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ProcFs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The direct row against a real Azurite: every upload stored whole and counted, and nothing left behind. */
class DirectUploadTest {

    @TempDir
    Path dir;

    @Test
    void uploadsTheFileAsOftenAsAskedFromThePoolAndRemovesItsContainer() throws Exception {
        try (AzuriteProcess azurite = AzuriteProcess.start(dir.resolve("azurite"));
                RandomUploadFile file = RandomUploadFile.create(1024 * 1024, 7)) {
            StudyResult.Ceiling direct = DirectUpload.run(
                    azurite.connectionString(),
                    "direct-test",
                    file.path(),
                    1,
                    10,
                    6,
                    3,
                    ProcFs::selfCpuSeconds,
                    () -> ProcFs.treeCpuSeconds(azurite.process().process().toHandle()));

            assertThat(direct.row()).isEqualTo("direct");
            assertThat(direct.uploads()).isEqualTo(6);
            assertThat(direct.clients()).isEqualTo("3 SDK threads");
            assertThat(direct.failed()).isZero();
            assertThat(direct.cpu().client()).as("the SDK's CPU in this JVM").isPositive();
            assertThat(direct.cpu().storage()).as("Azurite's CPU").isPositive();
            assertThat(direct.cpu().hop()).as("no hop").isNull();
            assertThat(direct.users()).isEqualTo(10);
            assertThat(direct.spanSeconds()).isPositive();
            assertThat(direct.throughputMibPerSecond()).isPositive();
            assertThat(direct.meanSeconds()).isNotNull().isLessThanOrEqualTo(direct.spanSeconds());
            assertThat(new BlobServiceClientBuilder()
                            .connectionString(azurite.connectionString())
                            .buildClient()
                            .getBlobContainerClient("direct-test")
                            .exists())
                    .as("the direct row's container is deleted afterwards")
                    .isFalse();
        }
    }
}
