package dev.iolab.bench.copy;

import static dev.iolab.bench.support.CopyContract.assertCopiesExactly;
import static dev.iolab.bench.support.CopyContract.assertNamesAMissingSourceAndLeavesNoTarget;
import static dev.iolab.bench.support.CopyContract.assertNamesATargetThatCannotBeWritten;
import static dev.iolab.bench.support.CopyContract.assertReplacesALongerTarget;

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
        assertCopiesExactly(strategy::copy, dir, size);
    }

    @ParameterizedTest
    @EnumSource(CopyStrategy.class)
    void replacesALongerExistingTarget(CopyStrategy strategy) throws Exception {
        assertReplacesALongerTarget(strategy::copy, dir, 10, 10_000);
    }

    @ParameterizedTest
    @EnumSource(CopyStrategy.class)
    void aMissingSourceIsNamedAndLeavesNoTarget(CopyStrategy strategy) {
        assertNamesAMissingSourceAndLeavesNoTarget(strategy::copy, dir);
    }

    @ParameterizedTest
    @EnumSource(CopyStrategy.class)
    void aTargetThatCannotBeWrittenIsNamed(CopyStrategy strategy) throws Exception {
        assertNamesATargetThatCannotBeWritten(strategy::copy, dir, 10);
    }
}
