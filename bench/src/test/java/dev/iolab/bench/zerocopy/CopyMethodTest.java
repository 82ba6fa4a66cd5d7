package dev.iolab.bench.zerocopy;

import static dev.iolab.bench.support.CopyContract.assertCopiesExactly;
import static dev.iolab.bench.support.CopyContract.assertNamesAMissingSourceAndLeavesNoTarget;
import static dev.iolab.bench.support.CopyContract.assertNamesATargetThatCannotBeWritten;
import static dev.iolab.bench.support.CopyContract.assertReplacesALongerTarget;

import java.io.IOException;
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
        assertCopiesExactly(method::copy, directory, size);
    }

    @ParameterizedTest
    @EnumSource(CopyMethod.class)
    void aMissingSourceIsNamedAndLeavesNoTarget(CopyMethod method) {
        assertNamesAMissingSourceAndLeavesNoTarget(method::copy, directory);
    }

    @ParameterizedTest
    @EnumSource(CopyMethod.class)
    void aTargetThatCannotBeWrittenIsNamed(CopyMethod method) throws IOException {
        assertNamesATargetThatCannotBeWritten(method::copy, directory, 5000);
    }

    @ParameterizedTest
    @EnumSource(CopyMethod.class)
    void replacesALongerTargetCompletely(CopyMethod method) throws IOException {
        assertReplacesALongerTarget(method::copy, directory, 5000, 200_000);
    }
}
