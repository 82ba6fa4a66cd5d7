package dev.iolab.jmh.plugin.interleave;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.analysis.profile.ShellWords;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.TimeValue;

class UnitOptionsTest {

    private static final UnitPlan.Run RUN = new UnitPlan.Run(
            "copy",
            ShellWords.split("com.x.CopyBenchmark.copy -p strategy=A,B -p size=64,1024 -f 7 -wi 3 -i 5 -w 300ms"
                    + " -r 200ms -jvmArgsAppend -Xmx1g -prof gc"),
            "/tmp/copy.json");

    @Test
    void oneForkOfOneCellWithTheRunsOtherSettings() {
        Options options =
                UnitOptions.of(RUN, new UnitPlan.Unit("copy", Map.of("strategy", "B", "size", "64"), 3, 7, 2));

        assertThat(options.getIncludes()).containsExactly("com.x.CopyBenchmark.copy");
        assertThat(options.getForkCount().get()).isEqualTo(1);
        assertThat(options.getParameter("strategy").get()).containsExactly("B");
        assertThat(options.getParameter("size").get()).containsExactly("64");
        assertThat(options.getWarmupIterations().get()).isEqualTo(3);
        assertThat(options.getMeasurementIterations().get()).isEqualTo(5);
        assertThat(options.getWarmupTime().get()).isEqualTo(TimeValue.milliseconds(300));
        assertThat(options.getMeasurementTime().get()).isEqualTo(TimeValue.milliseconds(200));
        assertThat(options.getJvmArgsAppend().get()).containsExactly("-Xmx1g");
        assertThat(options.getProfilers()).extracting(p -> p.getKlass()).containsExactly("gc");
        assertThat(options.getResult().hasValue())
                .as("the host merges the forks and writes the JSON")
                .isFalse();
    }

    @Test
    void aCommandLineJmhCannotReadIsNamed() {
        UnitPlan.Run bad = new UnitPlan.Run("bad", List.of("X", "-f", "many", "-wi", "1", "-i", "1"), "/tmp/x.json");

        assertThatThrownBy(() -> UnitOptions.of(bad, new UnitPlan.Unit("bad", Map.of(), 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("JMH cannot read run bad's command line: ");
    }
}
