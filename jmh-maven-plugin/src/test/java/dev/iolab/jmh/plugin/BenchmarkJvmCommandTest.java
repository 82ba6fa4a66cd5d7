package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.plugin.interleave.UnitHost;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarkJvmCommandTest {

    private final Path result = Path.of("/tmp/bench/target/jmh-result.json");

    @Test
    void addsJsonResultFileByDefault() {
        assertThat(BenchmarkJvmCommand.withResultDefaults(List.of("CopyBenchmark"), result))
                .containsExactly("CopyBenchmark", "-rf", "json", "-rff", result.toString());
    }

    @Test
    void keepsTheUsersResultFormatAndFile() {
        List<String> args = List.of("-rf", "csv", "-rff", "out.csv");
        assertThat(BenchmarkJvmCommand.withResultDefaults(args, result)).isEqualTo(args);
    }

    @Test
    void runsTheInterleavedRunsHostWithTheSameJvmOptionsAsJmhsMain() {
        List<String> command = BenchmarkJvmCommand.unitHost(
                "/jdk25/bin/java", List.of("-Xmx256m"), Path.of("/t/host.args"), List.of("plan=p.json"));
        assertThat(command)
                .containsExactly(
                        "/jdk25/bin/java",
                        "--sun-misc-unsafe-memory-access=allow",
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xmx256m",
                        "@/t/host.args",
                        UnitHost.class.getName(),
                        "plan=p.json");
    }

    @Test
    void runsJmhMainWithTheClasspathArgFile() {
        List<String> command =
                BenchmarkJvmCommand.jmh("/jdk25/bin/java", List.of("-Xmx256m"), Path.of("/t/cp.args"), List.of("-l"));
        assertThat(command)
                .containsExactly(
                        "/jdk25/bin/java",
                        "--sun-misc-unsafe-memory-access=allow",
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xmx256m",
                        "@/t/cp.args",
                        "org.openjdk.jmh.Main",
                        "-l");
    }

    @Test
    void quotesTheClasspathInTheArgFile() {
        String file = BenchmarkJvmCommand.classpathArgFile(List.of("/a b/classes", "C:\\m2\\jmh.jar"));
        assertThat(file).isEqualTo("-cp \"/a b/classes" + java.io.File.pathSeparator + "C:\\\\m2\\\\jmh.jar\"\n");
    }
}
