package dev.iolab.jmh.plugin.interleave;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.ShellWords;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnitPlanTest {

    @TempDir
    Path dir;

    private static PlannedRun run(String label, String args) {
        return PlannedRun.of(label, ShellWords.split(args));
    }

    @Test
    void everyForkOfEveryCellOnceInOneSeededOrder() throws Exception {
        PlannedRun copy = run("copy", "com.x.Copy.copy -p size=64,1024 -p strategy=A -f 7 -wi 1 -i 5 -r 100ms");
        PlannedRun walk = run("walk", "com.x.Walk.walk -bm ss -p threads=1,2 -f 5 -wi 2 -i 5");

        UnitPlan plan = UnitPlan.of(List.of(copy, walk), 11, r -> dir.resolve(r.label() + ".json"));

        assertThat(plan.units()).hasSize(2 * 7 + 2 * 5);
        Map<String, List<Integer>> forks = plan.units().stream()
                .collect(Collectors.groupingBy(
                        u -> u.run() + " " + u.paramText(),
                        Collectors.mapping(UnitPlan.Unit::fork, Collectors.toList())));
        assertThat(forks).hasSize(4);
        assertThat(forks.get("copy size=64 strategy=A")).as("in fork order").containsExactly(1, 2, 3, 4, 5, 6, 7);
        assertThat(forks.get("walk threads=2")).containsExactly(1, 2, 3, 4, 5);
        assertThat(plan.units().subList(0, 8))
                .as("the runs interleave from the start")
                .extracting(UnitPlan.Unit::run)
                .contains("copy", "walk");
        assertThat(plan.units()).allSatisfy(u -> assertThat(u.estimate()).isPositive());
        assertThat(UnitPlan.of(List.of(copy, walk), 11, r -> dir.resolve(r.label() + ".json")))
                .as("the same seed, the same order")
                .isEqualTo(plan);
        assertThat(UnitPlan.of(List.of(copy, walk), 12, r -> dir.resolve(r.label() + ".json"))
                        .units())
                .isNotEqualTo(plan.units());

        Path file = dir.resolve("plan.json");
        plan.write(file);
        assertThat(UnitPlan.read(file)).isEqualTo(plan);
        assertThat(plan.run("walk").resultFile())
                .isEqualTo(dir.resolve("walk.json").toString());
    }
}
