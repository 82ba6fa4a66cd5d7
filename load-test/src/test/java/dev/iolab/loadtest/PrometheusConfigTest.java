package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.PrometheusProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus configuration and its target lists are accepted by the tool that will read them, as committed for
 * compose and as the stack writes them for loopback.
 */
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
        assertThat(RepoFiles.root().resolve("ops/prometheus/targets/upload-service.json"))
                .content()
                .contains("upload-service-1:8081", "upload-service-2:8081", "\"replica\": \"2\"");
    }

    @Test
    void promtoolAcceptsTheConfigTheStackGenerates() throws Exception {
        Path dir = Files.createTempDirectory("iolab-prom-config-");
        try {
            Path config = PrometheusProcess.writeConfig(
                    dir,
                    List.of(
                            new PrometheusProcess.Target("127.0.0.1:18081", "1"),
                            new PrometheusProcess.Target("127.0.0.1:18082", "2")),
                    "127.0.0.1:18404",
                    1);
            ExternalTool.Result result =
                    Tools.run(ExternalTool.PROMTOOL, dir, 60, "check", "config", config.toString());
            assertThat(result.exitCode()).as(result.output()).isZero();
            // promtool reads the target files the configuration names (file-based discovery) and checks them too.
            assertThat(result.output()).contains("SUCCESS");
        } finally {
            PathUtils.deleteDirectory(dir);
        }
    }
}
