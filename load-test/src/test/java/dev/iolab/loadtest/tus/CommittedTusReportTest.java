package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.RepositoryPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code docs/results/tus-study-2026-11-28.md} is what the report writes from the committed data file
 * beside it, byte for byte: a change to the report's wording or layout shows here, and the committed report is then
 * regenerated from the same data ({@code TusStudyReport <data.json> <report.md>}).
 */
class CommittedTusReportTest {

    private static final Path RESULTS = RepositoryPaths.root().resolve("docs/results");

    @Test
    void theCommittedReportIsWhatTheReportWritesFromItsCommittedData() throws Exception {
        TusResult data = TusResult.read(RESULTS.resolve("tus-study-2026-11-28.json"));

        assertThat(TusStudyReport.markdown(data))
                .isEqualTo(Files.readString(RESULTS.resolve("tus-study-2026-11-28.md")));
    }
}
