package dev.iolab.jmh.plugin.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.support.JmhJson;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultPartsTest {

    @TempDir
    Path dir;

    @Test
    void joinsThePartsInOrderSkippingRunsThatWroteNothing() throws Exception {
        Path fixture = JmhJson.results()
                .entry("com.example.A.a")
                .around(10, 0.01)
                .entry("com.example.B.b")
                .around(20, 0.01)
                .write(dir.resolve("all.json"));
        List<BenchmarkResult> all = JmhResultReader.read(fixture);
        Path target = dir.resolve("jmh-result.json");

        int entries = ResultParts.merge(List.of(fixture, dir.resolve("missing.json"), fixture), target);

        assertThat(entries).isEqualTo(2 * all.size());
        assertThat(JmhResultReader.read(target)).hasSize(2 * all.size());
        assertThat(dir.resolve("jmh-result.json.tmp")).doesNotExist();
    }

    @Test
    void refusesAPartThatIsNotAnArray() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{}");

        assertThatThrownBy(() -> ResultParts.merge(List.of(bad), dir.resolve("out.json")))
                .hasMessageContaining(bad.toString());
        assertThat(dir.resolve("out.json")).doesNotExist();
    }
}
