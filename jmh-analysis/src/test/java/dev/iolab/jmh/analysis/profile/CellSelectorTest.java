package dev.iolab.jmh.analysis.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellSelectorTest {

    static final String COPY = "com.example.copy.CopyBenchmark.copy";
    static final String ZERO = "com.example.zerocopy.ZeroCopyBenchmark.copy";

    @Test
    void matchesTheCellsOfItsIncludeAndParameterValues() {
        CellSelector s = CellSelector.parse("com.example.copy.CopyBenchmark.copy -p strategy=BULK_8K,NATIVE_8K"
                + " -p fileSizeKb=64 -f 2 -wi 3 -i 5 -w 500ms -jvmArgs '-Xmx1g -Xms1g' -prof gc");

        assertThat(s.includes()).containsExactly(COPY);
        assertThat(s.matches(COPY, Map.of("strategy", "NATIVE_8K", "fileSizeKb", "64", "sync", "NONE")))
                .isTrue();
        assertThat(s.matches(COPY, Map.of("strategy", "UNBUFFERED", "fileSizeKb", "64")))
                .isFalse();
        assertThat(s.matches(COPY, Map.of("strategy", "BULK_8K", "fileSizeKb", "1024")))
                .isFalse();
        assertThat(s.matches(ZERO, Map.of("strategy", "BULK_8K", "fileSizeKb", "64")))
                .isFalse();
        assertThat(s.describe()).isEqualTo("CopyBenchmark.copy: strategy=BULK_8K,NATIVE_8K; fileSizeKb=64");
    }

    @Test
    void anIncludeIsARegularExpressionFoundAnywhereAsJmhDoesIt() {
        CellSelector bare = CellSelector.of(List.of("CopyBenchmark"));

        assertThat(bare.matches(ZERO, Map.of())).isTrue();
        assertThat(CellSelector.of(List.of("-f", "1")).matches(ZERO, Map.of()))
                .as("no include: everything")
                .isTrue();
    }

    @Test
    void survivesTheRoundTripThroughOneLine() {
        List<String> args = List.of(COPY, "-jvmArgs", "-Xmx1g -Dx='y'", "-p", "strategy=BULK_8K");

        assertThat(ShellWords.split(ShellWords.join(args))).isEqualTo(args);
        assertThat(CellSelector.parse(ShellWords.join(args)).includes()).containsExactly(COPY);
    }
}
