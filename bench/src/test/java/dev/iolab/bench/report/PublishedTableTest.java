package dev.iolab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.copy.CopyStrategy;
import dev.iolab.bench.zerocopy.CopyMethod;
import dev.iolab.reporting.jmh.BenchmarkResult;
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
    void eachPublishedRowFindsOurCellOfTheSameKeysInLikeConditionsOrIsNamedAsRunElsewhere() {
        PublishedTable published = new PublishedTable(
                "t.csv",
                List.of("source"),
                List.of(
                        Map.of("size_kb", "64", "strategy", "UNBUFFERED", "bound", "calls"),
                        Map.of("size_kb", "1024", "strategy", "UNBUFFERED", "bound", "disk"),
                        Map.of("size_kb", "32768", "strategy", "UNBUFFERED", "bound", "calls")));
        BenchmarkResult warm = cell(Map.of("fileSizeKb", "64", "strategy", "UNBUFFERED"));
        BenchmarkResult notForced = cell(Map.of("fileSizeKb", "1024", "strategy", "UNBUFFERED", "sync", "NONE"));

        PublishedTable.Matches matches = published.matches(
                List.of(notForced, warm), List.of("size_kb", "strategy"), List.of("fileSizeKb", "strategy"), " kB ");

        assertThat(matches.found())
                .as("a cell without sync or sourceCache ran in their defaults: like a calls-bound row")
                .containsExactly(new PublishedTable.Match(published.rows().get(0), warm));
        assertThat(matches.elsewhere())
                .as("the disk-bound row's cell was not forced to the device; the 32 MB row has no cell at all")
                .containsExactly("1024 kB UNBUFFERED");
    }

    private static BenchmarkResult cell(Map<String, String> params) {
        return new BenchmarkResult("CopyBenchmark.copy", "avgt", params, null, Map.of(), null);
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
