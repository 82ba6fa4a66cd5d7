package dev.iolab.bench.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RandomFilesTest {

    @TempDir
    Path dir;

    @Test
    void writesExactlyTheRequestedLength() throws Exception {
        for (long length : new long[] {0, 1, 7, 8, 9, 65_535, 65_536, 65_537, 200_001}) {
            Path file = RandomFiles.write(dir.resolve("f" + length), length, 1);
            assertThat(Files.size(file)).as("length %d", length).isEqualTo(length);
        }
    }

    @Test
    void sameSeedGivesSameBytesInFilesAndArrays() throws Exception {
        Path file = RandomFiles.write(dir.resolve("a"), 100_003, 42);
        assertThat(Files.readAllBytes(file)).isEqualTo(RandomFiles.bytes(100_003, 42));
    }

    @Test
    void writeSyncedWritesTheSameBytesAndLeavesThemClean() throws Exception {
        Path file = RandomFiles.writeSynced(dir.resolve("synced"), 100_003, 42);

        assertThat(Files.readAllBytes(file)).isEqualTo(RandomFiles.bytes(100_003, 42));
        PageFlags.assumeAvailable();
        assertThat(PageFlags.dirtyPages(file))
                .as("dirty pages after writeSynced")
                .isZero();
    }

    @Test
    void differentSeedsGiveDifferentBytes() {
        assertThat(RandomFiles.bytes(64, 1)).isNotEqualTo(RandomFiles.bytes(64, 2));
    }
}
