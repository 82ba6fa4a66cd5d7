package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.RepositoryPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each committed tus study report ({@code docs/results/tus-study-2026-11-28.md}, the same day's run on a busy machine,
 * {@code -busy}, and {@code tus-study-2026-11-29.md} with the tus front) is what the report writes from the committed data file beside it, byte for byte: a change to the report's wording or layout shows here, and the committed report is then
 * regenerated from the same data ({@code TusStudyReport <data.json> <report.md>}).
 */
class CommittedTusReportTest {

    private static final Path RESULTS = RepositoryPaths.root().resolve("docs/results");

    @ParameterizedTest
    @ValueSource(strings = {"tus-study-2026-11-28", "tus-study-2026-11-28-busy", "tus-study-2026-11-29"})
    void theCommittedReportIsWhatTheReportWritesFromItsCommittedData(String name) throws Exception {
        TusResult data = TusResult.read(RESULTS.resolve(name + ".json"));

        assertThat(TusStudyReport.markdown(data)).isEqualTo(Files.readString(RESULTS.resolve(name + ".md")));
    }
}
