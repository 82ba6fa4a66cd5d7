package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.RepositoryPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each committed upload-study report with its data beside it ({@code docs/results/upload-study-*.json}) is what the
 * report writes from that data, byte for byte, and so is its CSV: a change to the report's wording or layout shows
 * here. The report regenerates with {@link UploadStudyReport#main}; where this test finds a difference it leaves what
 * the report writes in {@code load-test/target/committed-upload-reports/}.
 */
class CommittedUploadReportsTest {

    private static final Path RESULTS = RepositoryPaths.root().resolve("docs/results");
    private static final Path ACTUAL = RepositoryPaths.root().resolve("load-test/target/committed-upload-reports");

    @Test
    void eachCommittedReportIsWhatTheReportWritesFromItsCommittedData() throws Exception {
        List<Path> data = committedData();
        assertThat(data)
                .extracting(p -> p.getFileName().toString())
                .contains("upload-study-10mb-125.json", "upload-study-soak.json");
        for (Path json : data) {
            String base = json.getFileName().toString().replace(".json", "");
            Path report = RESULTS.resolve(base + ".md");
            String written = UploadStudyReport.markdown(StudyResult.read(json), report);
            if (!written.equals(Files.readString(report))) {
                Files.createDirectories(ACTUAL);
                Files.writeString(ACTUAL.resolve(base + ".md"), written);
            }
            assertThat(written).as(base + ".md").isEqualTo(Files.readString(report));
        }
    }

    @Test
    void eachCommittedCsvIsWhatTheStudyWritesFromTheSameData() throws Exception {
        for (Path json : committedData()) {
            StudyResult result = StudyResult.read(json);
            Path csv = RESULTS.resolve(json.getFileName().toString().replace(".json", ".csv"));
            if (!result.cells().isEmpty()) {
                assertThat(StudyCsv.csv(result))
                        .as(csv.getFileName().toString())
                        .isEqualTo(Files.readString(csv));
            }
        }
    }

    private static List<Path> committedData() throws Exception {
        try (Stream<Path> files = Files.list(RESULTS)) {
            return files.filter(p -> p.getFileName().toString().matches("upload-study.*\\.json"))
                    .sorted()
                    .toList();
        }
    }
}
