package dev.iolab.bench.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.support.RandomFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CopyStrategyTest {

    @TempDir
    Path dir;

    static Stream<Arguments> strategiesAndSizes() {
        long[] sizes = {0, 1, 1023, 1024, 1025, 32 * 1024 + 1, 2 * 1024 * 1024 + 3};
        return Arrays.stream(CopyStrategy.values())
                .flatMap(strategy -> Arrays.stream(sizes).mapToObj(size -> Arguments.of(strategy, size)));
    }

    @ParameterizedTest(name = "{0} copies {1} bytes exactly")
    @MethodSource("strategiesAndSizes")
    void copiesByteForByte(CopyStrategy strategy, long size) throws Exception {
        Path source = RandomFiles.write(dir.resolve("source"), size, size);
        Path target = dir.resolve("target");

        long copied = strategy.copy(source, target);

        assertThat(copied).isEqualTo(size);
        assertThat(Files.mismatch(source, target)).as("first differing byte").isEqualTo(-1L);
    }

    @Test
    void replacesALongerExistingTarget() throws Exception {
        Path source = RandomFiles.write(dir.resolve("source"), 10, 1);
        Path target = RandomFiles.write(dir.resolve("target"), 10_000, 2);

        CopyStrategy.BUFFERED_8K.copy(source, target);

        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }
}
