package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.plugin.interleave.UnitHost;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EchoedProcessTest {

    @TempDir
    Path dir;

    /** A trimmed real JMH 1.37 output of one fork and its end. */
    static final String JMH_OUTPUT = String.join(
            "\n",
            "# JMH version: 1.37",
            "# VM version: JDK 25.0.3, OpenJDK 64-Bit Server VM, 25.0.3+9-LTS",
            "# VM invoker: /usr/lib/jvm/temurin-25-jdk-amd64/bin/java",
            "# VM options: --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED",
            "# Blackhole mode: compiler (auto-detected, use -Djmh.blackhole.autoDetect=false to disable)",
            "# Warmup: 1 iterations, 100 ms each",
            "# Measurement: 3 iterations, 100 ms each",
            "# Timeout: 10 min per iteration",
            "# Threads: 1 thread, will synchronize iterations",
            "# Benchmark mode: Average time, time/op",
            "# Benchmark: com.example.zerocopy.ZeroCopyBenchmark.copy",
            "# Parameters: (fileSize = 3K, method = STREAM_4K)",
            "",
            "# Run progress: 0.00% complete, ETA 00:00:00",
            "# Fork: 1 of 2",
            "# Warmup Iteration   1: 0.055 ms/op",
            "Iteration   1: 0.055 ms/op",
            "                 syscalls.read:  2.002 #/op",
            "",
            "",
            "Result \"com.example.zerocopy.ZeroCopyBenchmark.copy\":",
            "  0.034 ±(99.9%) 0.039 ms/op [Average]",
            "  (min, avg, max) = (0.022, 0.034, 0.055), stdev = 0.014",
            "",
            "# Run complete. Total time: 00:00:01",
            "",
            "REMEMBER: The numbers below are just data. To gain reusable insights, you need to follow up on",
            "Do not assume the numbers tell you what you want them to tell.",
            "",
            "Benchmark                              (fileSize)   (method)  Mode  Cnt  Score   Error  Units",
            "ZeroCopyBenchmark.copy                         3K  STREAM_4K  avgt    6  0.034 ± 0.039  ms/op",
            "");

    @Test
    void showsProgressAndResultsAndLogsEverything() throws Exception {
        ByteArrayOutputStream echoed = new ByteArrayOutputStream();
        StringWriter log = new StringWriter();
        List<String> lines = new ArrayList<>();

        EchoedProcess.pump(
                new StringReader(JMH_OUTPUT),
                new PrintStream(echoed, true, StandardCharsets.UTF_8),
                log,
                new JmhOutputFilter(),
                lines::add);

        String shown = echoed.toString(StandardCharsets.UTF_8);
        assertThat(shown)
                .contains(
                        "# Benchmark: com.example.zerocopy.ZeroCopyBenchmark.copy",
                        "# Parameters: (fileSize = 3K, method = STREAM_4K)",
                        "# Fork: 1 of 2",
                        "# Warmup Iteration   1: 0.055 ms/op",
                        "Iteration   1: 0.055 ms/op\n                 syscalls.read:  2.002 #/op",
                        "ZeroCopyBenchmark.copy                         3K  STREAM_4K  avgt    6  0.034 ± 0.039  ms/op")
                .doesNotContain("# VM options", "# Run progress", "REMEMBER", "Result \"", "±(99.9%)", "\n\n\n");
        assertThat(log.toString()).isEqualTo(JMH_OUTPUT);
        assertThat(lines).contains("# Run progress: 0.00% complete, ETA 00:00:00", "Iteration   1: 0.055 ms/op");
    }

    @Test
    void echoesAnIterationBeforeItsScoreArrives() throws Exception {
        ByteArrayOutputStream echoed = new ByteArrayOutputStream();
        PrintStream echo = new PrintStream(echoed, true, StandardCharsets.UTF_8);
        // The reader hands out "Iteration   1: " first, as JMH prints it before the iteration runs.
        StringReader first = new StringReader("# VM options: x\nIteration   1: ");
        JmhOutputFilter filter = new JmhOutputFilter();
        List<String> lines = new ArrayList<>();

        EchoedProcess.pump(first, echo, new StringWriter(), filter, lines::add);

        assertThat(echoed.toString(StandardCharsets.UTF_8)).startsWith("Iteration   1: ");
    }

    @Test
    void verboseEchoesEverythingAndHandsOverCompleteLines() throws Exception {
        ByteArrayOutputStream echoed = new ByteArrayOutputStream();
        List<String> lines = new ArrayList<>();
        String output = "# Run progress: 0.00% complete\r\nIteration   1: 1.5 ms/op\n\nResult ± 1";

        EchoedProcess.pump(
                new StringReader(output),
                new PrintStream(echoed, true, StandardCharsets.UTF_8),
                new StringWriter(),
                null,
                lines::add);

        assertThat(lines)
                .containsExactly("# Run progress: 0.00% complete", "Iteration   1: 1.5 ms/op", "", "Result ± 1");
        assertThat(echoed.toString(StandardCharsets.UTF_8)).startsWith(output);
    }

    @Test
    void anInterleavedRunsUnitsLeaveWhatTheProgressLineSaysToTheLog() {
        JmhOutputFilter filter = new JmhOutputFilter(true);

        assertThat(filter.show(UnitHost.UNIT_LINE + "3/286: copy fileSizeKb=64, fork 1 of 7"))
                .isFalse();
        assertThat(filter.show("# Benchmark: com.example.CopyBenchmark.copy")).isFalse();
        assertThat(filter.show("# Parameters: (fileSizeKb = 64)")).isFalse();
        assertThat(filter.show("# Fork: 1 of 1")).isFalse();
        assertThat(filter.show("# WARNING: JMH lock is ignored by user request"))
                .isFalse();
        assertThat(filter.show("Iteration   1: 2.000 ms/op")).isTrue();
        assertThat(new JmhOutputFilter().show("# Fork: 1 of 2"))
                .as("a plain run shows its forks")
                .isTrue();
    }

    @Test
    void runsAProcessAndReturnsItsExitStatus() throws Exception {
        List<String> lines = new ArrayList<>();
        Path log = dir.resolve("jmh-output.log");
        int exit = EchoedProcess.run(
                List.of("sh", "-c", "echo 'Iteration   1: 2 ms/op'; echo oops >&2; exit 3"),
                new java.io.File("."),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                log,
                new JmhOutputFilter(),
                lines::add);

        assertThat(exit).isEqualTo(3);
        assertThat(lines).containsExactly("Iteration   1: 2 ms/op", "oops");
        assertThat(Files.readString(log)).isEqualTo("Iteration   1: 2 ms/op\noops\n");
    }
}
