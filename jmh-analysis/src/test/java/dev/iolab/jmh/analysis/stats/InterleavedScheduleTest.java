package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterleavedScheduleTest {

    private static Map<String, Integer> cells() {
        Map<String, Integer> forks = new LinkedHashMap<>();
        for (int c = 0; c < 40; c++) {
            forks.put("cell " + c, 5 + c % 4);
        }
        return forks;
    }

    @Test
    void everyForkOfEveryCellRunsOnceInASeededOrder() {
        List<InterleavedSchedule.Unit> order = InterleavedSchedule.order(cells(), 42);

        assertThat(order)
                .hasSize(cells().values().stream().mapToInt(Integer::intValue).sum());
        assertThat(order).doesNotHaveDuplicates();
        assertThat(InterleavedSchedule.order(cells(), 42)).isEqualTo(order);
        Map<String, Integer> reversed = new LinkedHashMap<>();
        List<String> names = List.copyOf(cells().keySet());
        for (int i = names.size() - 1; i >= 0; i--) {
            reversed.put(names.get(i), cells().get(names.get(i)));
        }
        assertThat(InterleavedSchedule.order(reversed, 42))
                .as("map order does not matter")
                .isEqualTo(order);
        assertThat(InterleavedSchedule.order(cells(), 43)).isNotEqualTo(order);
    }

    @Test
    void eachCellsForksAreSpreadOverTheWholeRun() {
        List<InterleavedSchedule.Unit> order = InterleavedSchedule.order(cells(), 7);
        int n = order.size();
        for (Map.Entry<String, Integer> cell : cells().entrySet()) {
            int k = cell.getValue();
            int previous = 0;
            double meanPosition = 0;
            for (int i = 0; i < n; i++) {
                InterleavedSchedule.Unit u = order.get(i);
                if (u.cell().equals(cell.getKey())) {
                    assertThat(u.fork()).as("forks in order").isEqualTo(previous + 1);
                    previous = u.fork();
                    // Fork j is placed in the j-th k-th of the run; other cells' jitter moves it a little.
                    double position = (i + 0.5) / n;
                    assertThat(position).isBetween((u.fork() - 1.0) / k - 0.1, (double) u.fork() / k + 0.1);
                    meanPosition += position / k;
                }
            }
            assertThat(previous).isEqualTo(k);
            assertThat(meanPosition)
                    .as("%s sits in the middle of the run on average", cell.getKey())
                    .isBetween(0.4, 0.6);
        }
    }

    @Test
    void aCellWithoutForksIsRefused() {
        assertThatThrownBy(() -> InterleavedSchedule.order(Map.of("empty", 0), 1))
                .hasMessageContaining("empty needs at least one fork");
    }
}
