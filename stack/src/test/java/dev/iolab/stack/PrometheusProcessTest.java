package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stack's Prometheus configuration: the committed file with short intervals, and its own target files. */
class PrometheusProcessTest {

    @TempDir
    Path dir;

    @Test
    void writesTheCommittedConfigurationWithOneTargetPerReplicaLabelled() throws Exception {
        Path config = PrometheusProcess.writeConfig(
                dir,
                List.of(
                        new PrometheusProcess.Target("127.0.0.1:18081", "1"),
                        new PrometheusProcess.Target("127.0.0.1:18082", "2")),
                "127.0.0.1:18404",
                1);

        assertThat(Files.readString(config))
                .contains("scrape_interval: 1s", "targets/upload-service.json", "targets/haproxy.json")
                .doesNotContain("scrape_interval: 5s");
        JsonNode services = new ObjectMapper()
                .readTree(dir.resolve("targets/upload-service.json").toFile());
        assertThat(services).hasSize(2);
        assertThat(services.get(1).path("targets").get(0).asText()).isEqualTo("127.0.0.1:18082");
        assertThat(services.get(1).path("labels").path("replica").asText()).isEqualTo("2");
        JsonNode haproxy =
                new ObjectMapper().readTree(dir.resolve("targets/haproxy.json").toFile());
        assertThat(haproxy.get(0).path("targets").get(0).asText()).isEqualTo("127.0.0.1:18404");
    }

    @Test
    void withoutABalancerTheHaproxyTargetListIsEmpty() throws Exception {
        PrometheusProcess.writeConfig(dir, List.of(new PrometheusProcess.Target("127.0.0.1:18081", "1")), null, 1);

        assertThat(new ObjectMapper()
                        .readTree(dir.resolve("targets/haproxy.json").toFile()))
                .isEmpty();
    }
}
