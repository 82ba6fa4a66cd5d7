package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real Azurite from the npm lock: it starts on a free loopback port, answers as the blob service, and stops. */
class AzuriteProcessTest {

    @TempDir
    Path dir;

    @Test
    void startsTheBlobServiceOfTheDevelopmentAccountAndStopsIt() throws Exception {
        AzuriteProcess azurite = AzuriteProcess.start(dir);
        int port = azurite.port();
        try {
            assertThat(azurite.blobEndpoint()).isEqualTo("http://127.0.0.1:" + port + "/devstoreaccount1");
            assertThat(azurite.connectionString())
                    .contains("AccountName=devstoreaccount1;", "AccountKey=" + AzuriteAccount.KEY + ";")
                    .endsWith("BlobEndpoint=" + azurite.blobEndpoint() + ";");
            AzuriteAnswers.assertRefusedByTheBlobService(azurite.blobEndpoint());
        } finally {
            azurite.close();
        }
        assertThat(azurite.process().isAlive()).isFalse();
        assertThat(ManagedProcess.tcpOpen(port).getAsBoolean()).isFalse();
    }

    @Test
    void aRestartedAzuriteIsANewProcessOnTheSamePortWithALogOfItsOwn() throws Exception {
        AzuriteProcess first = AzuriteProcess.start(dir);
        AzuriteProcess second = first.restarted();
        try {
            assertThat(first.process().isAlive()).isFalse();
            assertThat(second.process().isAlive()).isTrue();
            assertThat(second.port()).isEqualTo(first.port());
            assertThat(second.connectionString()).isEqualTo(first.connectionString());
            AzuriteAnswers.assertRefusedByTheBlobService(second.blobEndpoint());
            assertThat(dir.resolve("azurite.log")).exists();
            assertThat(dir.resolve("azurite-2.log")).exists();
        } finally {
            second.close();
        }
    }
}
