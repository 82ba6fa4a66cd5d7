package dev.iolab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.copy.CopyStrategy;
import dev.iolab.bench.zerocopy.CopyMethod;
import dev.iolab.reporting.section.ReportException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published figures ({@code bench/published/*.csv}) name only implementations the benchmarks have. */
class PublishedTableTest {

    @TempDir
    Path dir;

    @Test
    void thePublishedCopiesNameOurStrategiesAndMethods() throws Exception {
        PublishedTable copies = PublishedTable.load(BenchReports.PUBLISHED, "buffered-copy.csv", "size_kb", "strategy")
                .orElseThrow();
        PublishedTable methods = PublishedTable.load(BenchReports.PUBLISHED, "zero-copy.csv", "file_size", "method")
                .orElseThrow();

        assertThat(copies.rows()).extracting(r -> r.get("strategy")).isSubsetOf(names(CopyStrategy.values()));
        assertThat(methods.rows()).extracting(r -> r.get("method")).isSubsetOf(names(CopyMethod.values()));
        assertThat(PublishedTable.load(BenchReports.PUBLISHED, "directory-walk.csv", "threads", "seconds"))
                .isPresent();
    }

    @Test
    void aDiskBoundRowIsSetBesideCopiesForcedToTheDeviceFromAColdSource() {
        assertThat(PublishedTable.likeConditions(Map.of("bound", "disk")))
                .isEqualTo(Map.of("sync", "FSYNC", "sourceCache", "COLD"));
        assertThat(PublishedTable.likeConditions(Map.of("bound", "calls", "sync", "none", "source_cache", "warm")))
                .isEqualTo(Map.of("sync", "NONE", "sourceCache", "WARM"));
    }

    @Test
    void aTableWithoutARequiredColumnIsAClearError() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "# source\nsize_kb,strategy\n64,\n");

        assertThatThrownBy(() -> PublishedTable.load(dir, "t.csv", "size_kb", "strategy"))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("t.csv lack column \"strategy\"");
        assertThat(PublishedTable.load(dir, "absent.csv")).isEmpty();
        assertThat(PublishedTable.load((Path) null, "t.csv")).isEmpty();
    }

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }
}
