package dev.iolab.bench.zerocopy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The window logic that lets MMAP copy files over 2 GB, exercised with windows of a few bytes or pages. */
class MappedFileCopierTest {

    @TempDir
    Path directory;

    @ParameterizedTest(name = "{1} bytes in windows of {0}")
    @CsvSource({
        "4096, 0",
        "4096, 1",
        "4096, 4095",
        "4096, 4096",
        "4096, 4097",
        "4096, 40961",
        "1000, 999",
        "1000, 1000",
        "1000, 1001",
        "1000, 12345",
        "1, 17",
        "65536, 1048576"
    })
    void copiesExactlyAcrossWindowBoundaries(long chunkSize, long size) throws IOException {
        Path source = RandomFiles.write(directory.resolve("source"), size, chunkSize ^ size);
        Path target = directory.resolve("target");

        long copied = new MappedFileCopier(chunkSize).copy(source, target);

        assertThat(copied).isEqualTo(size);
        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }

    @Test
    void shrinksALongerTarget() throws IOException {
        Path source = RandomFiles.write(directory.resolve("source"), 10_000, 3);
        Path target = RandomFiles.write(directory.resolve("target"), 50_000, 4);

        new MappedFileCopier(4096).copy(source, target);

        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }

    @Test
    void rejectsANonPositiveWindow() {
        assertThatThrownBy(() -> new MappedFileCopier(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
