package dev.iolab.jmh.plugin.interleave;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.ShellWords;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host runs a real plan through the real JMH: 2 cells × 2 forks of {@link TinyBenchmark}, each fork a JVM of its
 * own, and writes each cell with both forks merged, as JMH writes a run of {@code -f 2}.
 */
class UnitHostTest {

    static final String TINY = TinyBenchmark.class.getName() + ".burn";

    @TempDir
    Path dir;

    @Test
    void runsEveryUnitAndMergesEachCellsForksIntoJmhsOwnJson() throws Exception {
        PlannedRun run =
                PlannedRun.of("tiny", ShellWords.split(TINY + " -p work=100,300 -f 2 -wi 1 -i 5 -w 20ms -r 20ms"));
        UnitPlan plan = UnitPlan.of(List.of(run), 5, r -> dir.resolve("tiny.json"));
        Path planFile = dir.resolve("plan.json");
        plan.write(planFile);
        Path records = dir.resolve("units.json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        int exit = UnitHost.run(
                new String[] {"plan=" + planFile, "records=" + records},
                new PrintStream(console, true, StandardCharsets.UTF_8),
                false);

        String output = console.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(output).isZero();
        assertThat(output)
                .contains(UnitHost.UNIT_LINE + "1/4: tiny work=")
                .contains(UnitHost.UNIT_LINE + "4/4: tiny work=")
                .contains(", fork 2 of 2")
                .as("one closing table, of the merged cells")
                .containsOnlyOnce("Mode  Cnt");
        List<BenchmarkResult> cells = JmhResultReader.read(dir.resolve("tiny.json"));
        assertThat(cells).hasSize(2);
        assertThat(cells).allSatisfy(c -> {
            assertThat(c.settings().forks()).isEqualTo(2);
            assertThat(c.primary().forks())
                    .hasSize(2)
                    .allSatisfy(f -> assertThat(f).hasSize(5));
            assertThat(c.primary().unit()).isEqualTo("us/op");
        });
        assertThat(cells).extracting(c -> c.param("work")).containsExactly("100", "300");
        assertThat(cells.get(1).primary().score())
                .isGreaterThan(cells.get(0).primary().score());

        List<ForkRecord> units = ForkRecord.readAll(records);
        assertThat(units).hasSize(4).allSatisfy(u -> {
            assertThat(u.ran()).isTrue();
            assertThat(u.cells()).singleElement().asString().startsWith(TINY + " [avgt] work=");
            assertThat(u.seconds()).isPositive();
        });
        assertThat(units).extracting(ForkRecord::unit).containsExactly(1, 2, 3, 4);
        assertThat(units.get(0).loadStart()).as("/proc/loadavg on Linux").isNotNull();
        assertThat(units.get(0).stealShare()).as("/proc/stat on Linux").isNotNull();
        assertThat(units.get(0).otherCpu()).isNotNull().isGreaterThanOrEqualTo(0);
    }

    @Test
    void aPlanItCannotReadIsBadInput() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        int exit = UnitHost.run(
                new String[] {"plan=" + dir.resolve("nope.json"), "records=" + dir.resolve("units.json")},
                new PrintStream(console, true, StandardCharsets.UTF_8),
                false);

        assertThat(exit).isEqualTo(UnitHost.BAD_INPUT);
        assertThat(console.toString(StandardCharsets.UTF_8)).startsWith("ERROR: cannot read the plan ");
    }
}
