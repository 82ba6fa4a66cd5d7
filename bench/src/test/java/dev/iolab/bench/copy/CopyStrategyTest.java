package dev.iolab.bench.copy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class CopyStrategyTest {

    @TempDir
    Path dir;

    static Stream<Arguments> strategiesAndSizes() {
        long[] sizes = {0, 1, 1023, 1024, 1025, 4095, 4096, 4097, 8191, 8192, 8193, 32 * 1024 + 1, 2 * 1024 * 1024 + 3};
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

    @ParameterizedTest
    @EnumSource(CopyStrategy.class)
    void replacesALongerExistingTarget(CopyStrategy strategy) throws Exception {
        Path source = RandomFiles.write(dir.resolve("source"), 10, 1);
        Path target = RandomFiles.write(dir.resolve("target"), 10_000, 2);

        strategy.copy(source, target);

        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }

    @ParameterizedTest
    @EnumSource(CopyStrategy.class)
    void aMissingSourceIsNamedAndLeavesNoTarget(CopyStrategy strategy) {
        Path source = dir.resolve("no-such-source");
        Path target = dir.resolve("target");

        assertThatThrownBy(() -> strategy.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(source.toString());
        assertThat(target).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(CopyStrategy.class)
    void aTargetThatCannotBeWrittenIsNamed(CopyStrategy strategy) throws Exception {
        Path source = RandomFiles.write(dir.resolve("source"), 10, 1);
        Path target = dir.resolve("no-such-directory").resolve("target");

        assertThatThrownBy(() -> strategy.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(target.toString());
    }
}
