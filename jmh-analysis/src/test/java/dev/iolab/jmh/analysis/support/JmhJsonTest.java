package dev.iolab.jmh.analysis.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fixture builder writes what JMH 1.37 writes: the same fields, in the same nesting, as a real run's file. */
class JmhJsonTest {

    @TempDir
    Path dir;

    @Test
    void buildsEntriesWithTheFieldsOfARealJmhRun() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode real;
        try (InputStream in = getClass().getResourceAsStream("/jmh/real-two-forks-syscalls.json")) {
            real = json.readTree(in).get(0);
        }
        Path file = JmhJson.results()
                .entry("com.example.zerocopy.ZeroCopyBenchmark.copy")
                .param("fileSize", "3K")
                .param("method", "STREAM_4K")
                .primary(new double[] {0.055, 0.042, 0.038}, new double[] {0.022, 0.023, 0.022})
                .secondary("syscalls.read", "#/op", new double[] {2, 2, 2}, new double[] {2, 2, 2})
                .write(dir.resolve("built.json"));
        JsonNode built = json.readTree(file.toFile()).get(0);

        assertThat(names(built)).containsExactlyElementsOf(names(real));
        assertThat(names(built.get("primaryMetric"))).containsExactlyElementsOf(names(real.get("primaryMetric")));
        assertThat(names(built.get("secondaryMetrics").get("syscalls.read")))
                .containsExactlyElementsOf(names(real.get("secondaryMetrics").get("syscalls.read")));
        assertThat(built.get("primaryMetric").get("rawData").size())
                .isEqualTo(real.get("primaryMetric").get("rawData").size());
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
