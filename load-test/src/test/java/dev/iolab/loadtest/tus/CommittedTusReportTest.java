package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each committed tus study report ({@code docs/results/tus-study-*.md}) is what the report writes from the committed
 * data file beside it, byte for byte: a change to the report's wording or layout shows here, and the committed report
 * is then regenerated from the same data ({@code TusStudyReport <data.json> <report.md>}).
 */
class CommittedTusReportTest {

    private static final Path RESULTS = RepositoryPaths.root().resolve("docs/results");

    static List<String> committedStudies() throws IOException {
        try (Stream<Path> files = Files.list(RESULTS)) {
            List<String> names = files.map(file -> file.getFileName().toString())
                    .filter(file -> file.startsWith("tus-study-") && file.endsWith(".json"))
                    .map(file -> file.substring(0, file.length() - ".json".length()))
                    .sorted()
                    .toList();
            assertThat(names).as("committed tus studies in " + RESULTS).isNotEmpty();
            return names;
        }
    }

    @ParameterizedTest
    @MethodSource("committedStudies")
    void theCommittedReportIsWhatTheReportWritesFromItsCommittedData(String name) throws Exception {
        TusResult data = TusResult.read(RESULTS.resolve(name + ".json"));

        assertThat(TusStudyReport.markdown(data)).isEqualTo(Files.readString(RESULTS.resolve(name + ".md")));
    }
}
