package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.PrometheusProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;

/** The Prometheus configuration is accepted by the tool that will read it. */
class PrometheusConfigTest {

    @Test
    void promtoolAcceptsThePrometheusConfig() throws Exception {
        ExternalTool.Result result = Tools.run(
                ExternalTool.PROMTOOL,
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
            ExternalTool.Result result =
                    Tools.run(ExternalTool.PROMTOOL, dir, 60, "check", "config", config.toString());
            assertThat(result.exitCode()).as(result.output()).isZero();
        } finally {
            PathUtils.deleteDirectory(dir);
        }
    }
}
