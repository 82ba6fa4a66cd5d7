package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The study end to end at the smallest scale, as {@code scripts/upload-study.sh} runs it: real Azurite, the real
 * service jar, Gatling, the direct row, live-heap probes over JMX, the report; then a tiny soak.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class UploadStudyIT {

    @TempDir
    Path dir;

    @Test
    void aSmallStudyMeasuresTheStrategyBesideDirectAndWritesTheReport() throws Exception {
        Path report = dir.resolve("upload-study.md");

        UploadStudy.main(new String[] {
            "--strategies", "on-demand", "--sizes", "1", "--users", "3", "--budget", "on", "--output", report.toString()
        });

        String md = Files.readString(report);
        assertThat(md)
                .contains("| **direct** (SDK alone, 25 threads) | 1 MB × 3 | 3 | – | 0 |")
                .containsPattern("\\| on-demand \\| 1 MB × 3 \\| 3 \\| 0 \\| 0 \\|.*\\| yes \\| pass \\|")
                .contains("## valet-key");
        assertThat(report.resolveSibling("upload-study.csv")).isRegularFile();
        assertThat(report.resolveSibling("upload-study-memory.png")).isRegularFile();
    }

    @Test
    void aSmallSoakReportsTheHeapBeforeAndAfter() throws Exception {
        Path report = dir.resolve("upload-study-soak.md");

        UploadStudy.main(new String[] {
            "--soak",
            "--soak-uploads",
            "12",
            "--soak-users",
            "3",
            "--soak-size-kb",
            "16",
            "--valet-key",
            "off",
            "--output",
            report.toString()
        });

        assertThat(Files.readString(report))
                .contains("## Soak: 12 uploads, mixed strategies")
                .containsPattern("\\| Outcomes \\| 12 accepted \\{.*}, 0 refused, 0 failed \\|")
                .containsPattern("\\| Live heap before \\(idle, after GC\\) \\| \\d+ MiB \\|")
                .containsPattern("\\| Live heap after \\(idle, after GC\\) \\| \\d+ MiB \\|");
    }
}
