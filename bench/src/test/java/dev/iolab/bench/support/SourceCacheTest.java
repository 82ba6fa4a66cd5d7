package dev.iolab.bench.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sourceCache=COLD} really sends the next read to the device, shown with the kernel's own accounting: this
 * thread's {@code read_bytes} grows by the file's size when it reads the file after the drop, and by nothing when
 * it reads a warm file; {@code mincore} shows no page left cached.
 */
class SourceCacheTest {

    private static final long SIZE = 8L * 1024 * 1024;

    @TempDir
    Path dir;

    private Path source;

    @BeforeEach
    void writeACleanSource() throws IOException {
        ThreadIo.assumeAvailable();
        assumeTrue(
                !Files.getFileStore(dir).type().equals("tmpfs"),
                "java.io.tmpdir is on tmpfs, which has no device to read from");
        source = RandomFiles.writeSynced(dir.resolve("source"), SIZE, 7);
        ThreadIo.deviceBytesReading(source); // whatever the write left out of the cache, it is cached now
    }

    @Test
    void coldSendsTheNextReadOfTheSourceToTheDevice() throws IOException {
        SourceCache.COLD.beforeCopy(source);

        assertThat(PageCache.residency(source)).isEqualTo(new PageCache.Residency(0, SIZE / 4096));
        assertThat(ThreadIo.deviceBytesReading(source))
                .as("bytes read from the device after the drop")
                .isCloseTo(SIZE, within(SIZE / 10));
    }

    @Test
    void warmLeavesTheSourceInThePageCache() throws IOException {
        SourceCache.WARM.beforeCopy(source);

        assertThat(PageCache.residency(source)).isEqualTo(new PageCache.Residency(SIZE / 4096, SIZE / 4096));
        assertThat(ThreadIo.deviceBytesReading(source))
                .as("bytes read from the device without a drop")
                .isLessThan(64 * 1024);
    }

    @Test
    void coldIsSupportedOnADiskFileSystem() throws IOException {
        SourceCache.COLD.checkSupported(source);

        assertThat(PageCache.residency(source).isEmpty()).isTrue();
    }

    @Test
    void coldRefusesAFileSystemThatKeepsFilesInMemory() throws IOException {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Files.getFileStore(shm).type().equals("tmpfs"), "needs /dev/shm on tmpfs");
        Path inMemory = Files.createTempFile(shm, "iolab-source-cache-test-", ".bin");
        try {
            RandomFiles.writeSynced(inMemory, 64 * 1024, 1);

            assertThatThrownBy(() -> SourceCache.COLD.checkSupported(inMemory))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("sourceCache=COLD cannot work here")
                    .hasMessageContaining(inMemory.toString())
                    .hasMessageContaining("16 of 16 pages cached");
            SourceCache.WARM.checkSupported(inMemory);
        } finally {
            Files.deleteIfExists(inMemory);
        }
    }

    @Test
    void aMissingSourceIsNamed() {
        Path missing = dir.resolve("no-such-source");

        assertThatThrownBy(() -> SourceCache.COLD.beforeCopy(missing))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(missing.toString());
    }
}
