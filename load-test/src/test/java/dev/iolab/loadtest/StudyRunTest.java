package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** What a study's report says about the machine and the run, from this machine's own /proc. */
class StudyRunTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    void describesTheMachine() {
        assertThat(StudyRun.machine()).matches("\\d+ cores, \\d+ GiB RAM, Linux .*");
        assertThat(StudyRun.loadAverage()).matches("[\\d.]+, [\\d.]+, [\\d.]+");
        assertThat(StudyRun.oneMinuteLoad()).isNotNaN();
    }

    @Test
    void theCommandIsTheScriptWithItsArguments() {
        assertThat(StudyRun.command("scale-study.sh", new String[] {"--clients", "20"}))
                .isEqualTo("scripts/scale-study.sh --clients 20");
        assertThat(StudyRun.command("upload-study.sh", new String[0])).isEqualTo("scripts/upload-study.sh");
    }

    @Test
    void theRunInfosRowsOpenEveryStudyReport() {
        RunInfo run = new RunInfo(
                "scripts/scale-study.sh",
                "2026-11-27T06:00:00Z",
                "2026-11-27T06:07:39Z",
                459,
                "2 cores, 24 GiB RAM, Linux 6.1",
                "OpenJDK 25",
                "0.50, 0.40, 0.30",
                "3.00, 2.00, 1.00",
                3.5,
                "-Xmx512m -XX:+ExitOnOutOfMemoryError",
                2,
                5);

        assertThat(run.rows("between bursts", " (shared)").render())
                .contains("| Command | `scripts/scale-study.sh` |")
                .contains("| Run | 2026-11-27T06:00:00Z → 2026-11-27T06:07:39Z (7 min 39 s) |")
                .contains("| Machine | 2 cores, 24 GiB RAM, Linux 6.1, OpenJDK 25 |")
                .contains("before: 0.50, 0.40, 0.30; after: 3.00, 2.00, 1.00; highest 1-min value seen between"
                        + " bursts: 3.50 (shared) |");
    }
}
