package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchException;

import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void aFailedRunAnswersWithOneLineNamingTheCausesAndKeepsTheStackTraceInItsDirectory(@TempDir Path dir)
            throws IOException {
        StudyRun run = new StudyRun(dir, "the upload study", "scripts/upload-study.sh");
        Exception failure = new UncheckedIOException(
                "the nginx ceiling's warm-up failed", new IOException(new ConnectException("Connection refused")));

        String answer = run.failure(failure);

        assertThat(answer.lines())
                .containsExactly(
                        "error: the upload study stopped: UncheckedIOException: the nginx ceiling's warm-up failed,"
                                + " caused by IOException: java.net.ConnectException: Connection refused, caused by"
                                + " ConnectException",
                        "stack trace in " + dir.resolve("error.log") + "; the processes' logs in " + dir);
        assertThat(Files.readString(dir.resolve("error.log")))
                .contains("java.io.UncheckedIOException: the nginx ceiling's warm-up failed")
                .contains("Caused by: java.net.ConnectException: Connection refused")
                .contains("at dev.iolab.loadtest.StudyRunTest");
    }

    @Test
    void anExceptionWithoutAMessageIsNamedByItsClass() {
        assertThat(StudyRun.causes(new ConnectException())).isEqualTo("ConnectException");
    }

    @Test
    void aRunWithoutAServiceJarSaysSoInOneLineAndLeavesNoRunDirectory(@TempDir Path dir) {
        String name = "study-run-test-" + System.nanoTime();
        String missing = dir.resolve("upload-service.jar").toString();
        System.setProperty("upload-service.jar", missing);
        try {
            Exception e =
                    catchException(() -> StudyRun.start("the upload study", name, "upload-study.sh", new String[0]));

            assertThat(StudyRun.notStarted("the upload study", e))
                    .isEqualTo("error: the upload study could not start: IllegalStateException: upload-service.jar="
                            + missing + " does not exist");
            assertThat(RepositoryPaths.root().resolve("load-test/target").resolve(name))
                    .doesNotExist();
        } finally {
            System.clearProperty("upload-service.jar");
        }
    }
}
