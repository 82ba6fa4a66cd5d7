package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.RequiredTools;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus configuration and its target lists, as committed for compose, are accepted by the tool that will read
 * them (the stack's loopback variant is checked by the stack's {@code PrometheusProcessTest}).
 */
class PrometheusConfigTest {

    @Test
    void promtoolAcceptsThePrometheusConfig() throws Exception {
        ExternalTool.Result result = RequiredTools.run(
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
}
