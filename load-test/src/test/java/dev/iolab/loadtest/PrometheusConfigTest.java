package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The Prometheus configuration is accepted by the tool that will read it. */
class PrometheusConfigTest {

    @Test
    void promtoolAcceptsThePrometheusConfig() throws Exception {
        ExternalTool.Result result = ExternalTool.PROMTOOL.run(
                RepoFiles.root(),
                60,
                "check",
                "config",
                RepoFiles.prometheusConfig().toString());
        assertThat(result.exitCode())
                .as("promtool check config said:%n%s", result.output())
                .isZero();
    }

    @Test
    void promtoolAcceptsTheConfigTheStackTestGenerates() throws Exception {
        Path dir = Files.createTempDirectory("iolab-prom-config-");
        try {
            Path config = PrometheusProcess.writeConfig(dir, "127.0.0.1:18080", 1);
            ExternalTool.Result result = ExternalTool.PROMTOOL.run(dir, 60, "check", "config", config.toString());
            assertThat(result.exitCode()).as(result.output()).isZero();
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
