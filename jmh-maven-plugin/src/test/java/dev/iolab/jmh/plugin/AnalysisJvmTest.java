package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.analysis.JmhAnalysis;
import dev.iolab.jmh.analysis.support.JmhJson;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real JVM (this test's java, on this test's classpath) running the analysis the goals hand to it. */
class AnalysisJvmTest {

    @TempDir
    Path dir;

    private final List<String> logged = new ArrayList<>();
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

    private AnalysisJvm jvm() throws Exception {
        List<String> classpath =
                Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        Path argFile = Files.writeString(dir.resolve("cp.args"), BenchmarkJvmCommand.classpathArgFile(classpath));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new AnalysisJvm(java, argFile, dir.toFile(), new RecordingLog(), new PrintStream(stdout, true));
    }

    @Test
    void theStepsMarkdownReachesTheConsoleAndItsLogLinesTheLog() throws Exception {
        Path a = JmhJson.results().entry("com.example.A.a").around(10, 0.01).write(dir.resolve("A.json"));

        jvm().run(
                        List.of(
                                "compare",
                                "--baseline=" + a,
                                "--result=" + a,
                                "--compare-file=" + dir.resolve("c.md"),
                                "--basedir=" + dir),
                        "compare");

        assertThat(stdout.toString(StandardCharsets.UTF_8)).startsWith("# Comparison: `A.json`");
        assertThat(logged).anyMatch(l -> l.startsWith("info: Comparison: 1 cells"));
    }

    @Test
    void badInputFailsTheBuildWithTheStepsMessage() throws Exception {
        Path missing = dir.resolve("missing.json");
        AnalysisJvm jvm = jvm();

        assertThatThrownBy(() -> jvm.run(
                        List.of(
                                "compare",
                                "--baseline=" + missing,
                                "--result=" + missing,
                                "--compare-file=" + dir.resolve("c.md"),
                                "--basedir=" + dir),
                        "compare"))
                .isInstanceOf(MojoFailureException.class)
                .hasMessageStartingWith("No JMH results at " + missing)
                .hasNoCause();
    }

    @Test
    void runsTheAnalysisOnTheBenchmarksJdkWithThePluginsClasspathFile() {
        AnalysisJvm jvm = new AnalysisJvm("/jdk/bin/java", Path.of("/p/cp.args"), dir.toFile(), null, null);

        assertThat(jvm.command(List.of("report", "--result=r.json")))
                .startsWith("/jdk/bin/java")
                .containsSubsequence("@/p/cp.args", JmhAnalysis.class.getName(), "report", "--result=r.json")
                .contains("-Djava.awt.headless=true");
    }

    private final class RecordingLog extends SystemStreamLog {
        @Override
        public void info(CharSequence content) {
            logged.add("info: " + content);
        }

        @Override
        public void warn(CharSequence content) {
            logged.add("warn: " + content);
        }
    }
}
