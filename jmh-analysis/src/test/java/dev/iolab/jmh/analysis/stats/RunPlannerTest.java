package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlannerTest {

    private final RunPlanner planner = new RunPlanner(new RerunModel(0.01), 5, 16);

    private static final RunPlanner.Input QUIET = new RunPlanner.Input("quiet", "g", 0.01, Duration.ofSeconds(3));
    private static final RunPlanner.Input NOISY_CHEAP = new RunPlanner.Input("noisy", "g", 0.04, Duration.ofSeconds(3));
    private static final RunPlanner.Input WILD = new RunPlanner.Input("wild", "g", 0.10, Duration.ofSeconds(10));

    @Test
    void eachCellGetsTheFewestForksThatMeetFivePercentOrItsOwnTolerance() {
        RunPlanner.Plan plan = planner.plan(List.of(QUIET, NOISY_CHEAP, WILD), Duration.ofMillis(300));

        assertThat(plan.cells()).extracting(RunPlanner.Planned::forks).containsExactly(5, 9, 5);
        assertThat(plan.cells().get(1).miss()).isLessThanOrEqualTo(0.02);
        assertThat(plan.ownTolerances()).extracting(p -> p.input().cell()).containsExactly("wild");
        assertThat(plan.ownTolerances().get(0).tolerance()).isGreaterThan(0.10);
        assertThat(plan.units()).isEqualTo(19);
        assertThat(plan.total()).isEqualTo(Duration.ofMillis(3300 * 14 + 10300 * 5));
    }

    @Test
    void withinABudgetForksGoWhereTheyRemoveTheMostMisses() {
        Duration minimum = Duration.ofMillis(3300 * 10 + 10300 * 5);
        RunPlanner.Plan plan =
                planner.plan(List.of(QUIET, NOISY_CHEAP, WILD), Duration.ofMillis(300), minimum.plusMillis(3300 * 3));

        assertThat(plan.cells()).extracting(RunPlanner.Planned::forks).containsExactly(5, 8, 5);
        assertThat(plan.cells().get(2).ownTolerance()).isTrue();
        assertThat(plan.total()).isLessThanOrEqualTo(minimum.plusMillis(3300 * 3));
        assertThat(plan.expectedMisses())
                .isCloseTo(plan.cells().get(0).miss() + plan.cells().get(1).miss() + 0.02, within(1e-12));
        assertThatThrownBy(() -> planner.plan(List.of(QUIET), Duration.ZERO, Duration.ofSeconds(10)))
                .hasMessageContaining("less than 5 forks of every cell");
    }

    @Test
    void theChanceOfAtMostSomeMissesFollowsTheCellsMissProbabilities() {
        RunPlanner.Plan plan = planner.plan(List.of(QUIET, QUIET), Duration.ZERO);
        double p = plan.cells().get(0).miss();

        assertThat(plan.chanceOfAtMost(0)).isCloseTo((1 - p) * (1 - p), within(1e-12));
        assertThat(plan.chanceOfAtMost(1)).isCloseTo(1 - p * p, within(1e-12));
        assertThat(plan.chanceOfAtMost(2)).isCloseTo(1, within(1e-12));
        assertThat(planner.missProbability(0, 5)).isLessThan(1e-5);
    }
}
