package dev.iolab.bench.zerocopy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class CopyMethodTest {

    @TempDir
    Path directory;

    static Stream<Arguments> methodsAndSizes() {
        return Stream.of(CopyMethod.values())
                .flatMap(method -> Stream.of(0L, 1L, 4095L, 4096L, 4097L, 3L * 1024 * 1024 + 7)
                        .map(size -> Arguments.of(method, size)));
    }

    @ParameterizedTest(name = "{0} copies {1} bytes exactly")
    @MethodSource("methodsAndSizes")
    void copiesByteForByte(CopyMethod method, long size) throws IOException {
        Path source = RandomFiles.write(directory.resolve("source"), size, size);
        Path target = directory.resolve("target");

        long copied = method.copy(source, target);

        assertThat(copied).isEqualTo(size);
        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }

    @ParameterizedTest
    @EnumSource(CopyMethod.class)
    void aMissingSourceIsNamedAndLeavesNoTarget(CopyMethod method) {
        Path source = directory.resolve("no-such-source");
        Path target = directory.resolve("target");

        assertThatThrownBy(() -> method.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(source.toString());
        assertThat(target).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(CopyMethod.class)
    void aTargetThatCannotBeWrittenIsNamed(CopyMethod method) throws IOException {
        Path source = RandomFiles.write(directory.resolve("source"), 5000, 1);
        Path target = directory.resolve("no-such-directory").resolve("target");

        assertThatThrownBy(() -> method.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(target.toString());
    }

    @ParameterizedTest
    @EnumSource(CopyMethod.class)
    void replacesALongerTargetCompletely(CopyMethod method) throws IOException {
        Path source = RandomFiles.write(directory.resolve("source"), 5000, 1);
        Path target = RandomFiles.write(directory.resolve("target"), 200_000, 2);

        method.copy(source, target);

        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }
}
