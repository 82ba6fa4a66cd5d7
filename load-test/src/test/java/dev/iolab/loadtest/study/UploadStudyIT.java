package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.RequiredTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The study end to end at the smallest scale, as {@code scripts/upload-study.sh} runs it: real Azurite, the real
 * service jar, Debian's nginx, Gatling from distinct client addresses, the three ceilings, CPU seconds per process,
 * live-heap probes over JMX, the valet-key row, the report; then a tiny soak.
 */
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class UploadStudyIT {

    @TempDir
    Path dir;

    @Test
    void aSmallStudyMeasuresTheStrategyBesideTheThreeCeilingsInPairedRoundsAndWritesTheReport() throws Exception {
        RequiredTools.require(ExternalTool.NGINX);
        Path report = dir.resolve("upload-study.md");

        smallStudy(report, "--rounds", "2");

        String md = Files.readString(report);
        String number = " [0-9.]+ \\|";
        assertThat(md)
                .contains("Each ceiling and cell sent its burst once untimed first")
                .contains("| **direct** | 1 MB × 3 | 25 SDK threads | 3 | 0 |")
                .contains("| **storage** | 1 MB × 3 | 3 Gatling users | 3 | 0 |")
                .contains("| **nginx** | 1 MB × 3 | 3 Gatling users | 3 | 0 |")
                // mean, p95, burst, ÷ direct, ÷ storage, ÷ nginx, CPU s of Gatling, service, Azurite, MiB read
                .containsPattern("\\| on-demand \\| 1 MB × 3 \\| 3 \\| 0 \\| 0 \\|" + number.repeat(10) + "\n")
                .containsPattern("\\| on-demand \\| 1 MB × 3 \\|.*\\| yes \\| pass \\|")
                .contains("## valet-key")
                // burst, ÷ storage, ÷ nginx, CPU s of Gatling, service, Azurite, then what the service read back
                .containsPattern(
                        "\\| 1 MB × 3 \\| 3 \\| 0 \\|" + number.repeat(6) + " [0-9.]+( \\(rchar, upper bound\\))? \\|")
                // two rounds, each beside its ceiling's burst: median (lowest–highest) of the pairs' ratios
                .contains("## In pairs: each burst beside its ceiling's")
                .containsPattern("\\| on-demand \\| 1 MB × 3 \\| nginx \\| 2 \\| [0-9.]+ \\([0-9.]+–[0-9.]+\\) \\|")
                .containsPattern("\\| valet-key \\| 1 MB × 3 \\| storage \\| 2 \\| [0-9.]+ \\([0-9.]+–[0-9.]+\\) \\|")
                // each timed burst of a pair began on an Azurite of its own that had read nothing but its warm-up:
                // 3 users × 1 MiB and, for the partner, its run's one-file warm-up (4 MiB); none of the other burst's
                .containsPattern("\\| on-demand \\| 1 MB × 3 \\| nginx \\|.*\\| 4 / 3 \\|\n")
                .containsPattern("\\| valet-key \\| 1 MB × 3 \\| storage \\|.*\\| 4 / 3 \\|\n");
        assertThat(report.resolveSibling("upload-study.csv")).isRegularFile();
        assertThat(report.resolveSibling("upload-study-memory.png")).isRegularFile();
        assertThat(report.resolveSibling("upload-study-cpu.png")).isRegularFile();
    }

    @Test
    void withoutHeapProbesNoCellForcesAGcNotEvenTheIdleOne() throws Exception {
        RequiredTools.require(ExternalTool.NGINX);
        Path report = dir.resolve("no-probes.md");

        smallStudy(report, "--heap-probes", "0", "--direct", "off", "--storage", "off", "--valet-key", "off");

        assertThat(Files.readString(report))
                .contains("This run forced none (`--heap-probes 0`), not even the idle one");
        List<String> csv = Files.readAllLines(report.resolveSibling("no-probes.csv"));
        List<String> header = List.of(csv.getFirst().split(","));
        String cell = csv.stream()
                .filter(line -> line.contains(",on-demand,"))
                .findFirst()
                .orElseThrow();
        // the measured columns are filled, the live-heap ones (each a forced GC) are empty
        List<String> values = List.of(cell.split(",", -1));
        assertThat(values.get(header.indexOf("peakHeapMiB"))).isNotEmpty();
        assertThat(values.get(header.indexOf("idleLiveHeapMiB"))).isEmpty();
        assertThat(values.get(header.indexOf("liveInFlightMiB"))).isEmpty();
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

    /** One on-demand cell of 3 users × 1 MB, budget on, one warm-up burst, plus {@code options}; report at {@code report}. */
    private static void smallStudy(Path report, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "--strategies", "on-demand", "--sizes", "1", "--users", "3", "--budget", "on", "--warm-up", "1"));
        args.addAll(List.of(options));
        args.addAll(List.of("--output", report.toString()));
        UploadStudy.main(args.toArray(String[]::new));
    }
}
