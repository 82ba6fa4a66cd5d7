package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.RunningServiceSupport;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.context.TestPropertySource;

/**
 * The service's promise at full size: a gigabyte from the real {@code tus-js-client} under node, in blocks of 8 MiB,
 * cut by the network half-way, is resumed by the same client (its own retry: a {@code HEAD}, then the rest) and
 * stored byte-exact, each byte staged once but for at most one block, with nothing left in the staging container.
 * The gigabyte is a file generated from a fixed seed in the test's temporary directory; it and the stored blob are
 * compared by their SHA-256, read as streams.
 */
@TestPropertySource(
        properties = {
            "upload.container=tusjs-gigabyte",
            "upload.temp-dir=target/upload-spool-tusjs-gigabyte",
            "upload.resumable.block-size=8MB"
        })
class TusJsClientGigabyteTest extends RunningServiceSupport {

    static final int BLOCK = 8 * 1024 * 1024;
    static final long SIZE = 1024L * 1024 * 1024 + 123;

    @Test
    void aGigabyteCutByTheNetworkHalfWayIsResumedByTheClientsRetryAndStoredByteExact(@TempDir Path directory)
            throws Exception {
        Path file = directory.resolve("gigabyte.bin");
        byte[] sha256 = Payloads.randomFile(file, SIZE, 38);
        double stagedBefore =
                registry.get("iolab.upload.resumable.bytes").counter().count();

        TusJsClient.Run run;
        try (CuttingProxy network = CuttingProxy.start(port, SIZE / 2)) {
            run = TusJsClient.start(
                            "http://127.0.0.1:" + network.port() + "/files/",
                            file,
                            "tus-js/gigabyte.bin",
                            null,
                            null,
                            null)
                    .await(Duration.ofMinutes(10));
            assertThat(network.hasCut()).as("the network was cut").isTrue();
        }

        assertThat(run.exitCode()).as(run.output()).isZero();
        long resumedAt = Long.parseLong(run.value("RESUMED"));
        assertThat(resumedAt)
                .as("whole blocks kept of what reached the service before the cut")
                .isBetween(SIZE / 2 - 64L * 1024 * 1024, SIZE / 2);
        assertThat(resumedAt % BLOCK).isZero();
        StoredUploads stored = new StoredUploads("tusjs-gigabyte");
        assertThat(stored.size("tus-js/gigabyte.bin")).isEqualTo(SIZE);
        assertThat(stored.sha256("tus-js/gigabyte.bin"))
                .as("SHA-256 of the stored blob")
                .isEqualTo(sha256);
        assertThat(registry.get("iolab.upload.resumable.bytes").counter().count() - stagedBefore)
                .as("bytes staged: each once, but for at most one block")
                .isBetween((double) SIZE, (double) SIZE + BLOCK);
        stored.assertOnlyTheCompletionMarkerOf(run.value("DONE"));
    }
}
