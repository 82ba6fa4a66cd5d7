package dev.iolab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.findings.EstimatedFinding;
import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.reporting.finding.Claim;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The findings the sections draw from a real {@code standard} run: the cells each rests on, and that each is a ratio
 * with an interval wherever both cells have forks to give one.
 */
class FindingsTest {

    private static final Path RUN = CommittedReportTest.RESULTS.resolve("jmh-result.json");

    @Test
    void aStandardRunAnswersEveryQuestionOfTheLab() throws Exception {
        List<EstimatedFinding> findings = BenchReports.generator().findingsOf(RUN, NoiseFloor.NONE);

        assertThat(findings)
                .extracting(f -> f.finding().id())
                .containsExactly(
                        "buffering", "bufferSize", "writeSize", "methods", "disk", "parallel", "cold", "tools");
        assertThat(findings)
                .allSatisfy(f -> assertThat(f.ratios().values())
                        .allSatisfy(r -> assertThat(r.interval()).isTrue()));
    }

    @Test
    void bufferingRestsOnTheFourCopiesOfOneMegabyte() throws Exception {
        EstimatedFinding buffering = find("buffering");

        assertThat(cells(buffering))
                .isEqualTo(Map.of(
                        "buffered", "UNBUFFERED ÷ BUFFERED_8K",
                        "bulk", "BUFFERED_8K ÷ BULK_8K",
                        "kernel", "BULK_8K ÷ NATIVE_8K"));
        assertThat(buffering.finding().claims())
                .allSatisfy(c -> assertThat(c.numerator().param("fileSizeKb")).isEqualTo("1024"));
        assertThat(buffering.finding().facts()).containsEntry("size", "1 MB");
        assertThat(buffering.finding().anchor()).isEqualTo("#1-buffered-vs-unbuffered-copy-copybenchmark");
    }

    @Test
    void copyMethodsAreSetBesideTransferToAndItsCeiling() throws Exception {
        assertThat(cells(find("methods")))
                .isEqualTo(Map.of(
                        "stream", "STREAM_4K ÷ TRANSFER_TO",
                        "mmap", "MMAP ÷ TRANSFER_TO",
                        "kernel", "TRANSFER_TO ÷ NATIVE_COPY_FILE_RANGE"));
        assertThat(find("methods").finding().facts()).containsEntry("size", "300 MiB");
    }

    @Test
    void theWalkIsJudgedAtTheFewestThreadsAboveOne() throws Exception {
        EstimatedFinding parallel = find("parallel");

        assertThat(parallel.finding().facts()).containsEntry("threads", "2").containsEntry("files", "200,000");
        assertThat(cells(parallel))
                .containsEntry("single", "WALK_FILE_TREE ÷ FIXED_POOL")
                .containsEntry("kernel", "FIXED_POOL ÷ NATIVE");
    }

    @Test
    void theToolsFindingDividesByTheToolsBestTimes() throws Exception {
        List<Claim> claims = find("tools").finding().claims();

        assertThat(claims).extracting(Claim::name).containsExactly("diskus", "cp");
        assertThat(claims).allSatisfy(c -> assertThat(c.betweenCells()).isFalse());
    }

    private static EstimatedFinding find(String id) throws Exception {
        return BenchReports.generator().findingsOf(RUN, NoiseFloor.NONE).stream()
                .filter(f -> f.finding().id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    /** Each claim by name → {@code numerator ÷ denominator} by the cells' implementation parameter. */
    private static Map<String, String> cells(EstimatedFinding finding) {
        return finding.finding().claims().stream()
                .collect(Collectors.toMap(
                        Claim::name,
                        c -> implementation(c.numerator().params()) + " ÷ "
                                + implementation(c.denominator().params()),
                        (a, b) -> a,
                        java.util.LinkedHashMap::new));
    }

    private static String implementation(Map<String, String> params) {
        for (String name : List.of("strategy", "writer", "method", "walker")) {
            if (params.containsKey(name)) {
                return params.get(name);
            }
        }
        return params.toString();
    }
}
