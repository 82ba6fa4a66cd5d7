package dev.iolab.jmh.plugin.stats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How many forks each headline cell needs for a rerun to reproduce it, and what that costs.
 *
 * <p>For a cell whose forks scatter with standard deviation σ (log scale, after interleaving: see
 * {@link RerunVariance.Estimate#interleavedForkSd}), two runs of {@code k} forks each give point ratios with standard
 * deviation {@link RerunModel#rerunSd(double, int)}. The planner takes the fewest forks, from {@link #minForks()} up to
 * {@link #maxForks()}, for which that stays within ±5 % with {@link RerunModel#TOLERANCE_COVERAGE} (98 %: then about
 * one cell in 48 falls outside by chance, and 46 of 48 are met in most reruns). A cell that cannot get there even with
 * {@link #maxForks()} forks keeps {@link #minForks()} and its own tolerance ({@link RerunModel#tolerance}), which the
 * report names with the spread it comes from.
 */
public final class RunPlanner {

    private final RerunModel model;
    private final int minForks;
    private final int maxForks;

    /**
     * @param model    the rerun model (its host allowance)
     * @param minForks fewest forks per cell, at least {@link CellEstimator#MIN_FORKS} for a confidence interval
     * @param maxForks most forks a cell may get to meet ±5 %
     */
    public RunPlanner(RerunModel model, int minForks, int maxForks) {
        if (minForks < 2 || maxForks < minForks) {
            throw new IllegalArgumentException("need 2 ≤ minForks ≤ maxForks, got " + minForks + " and " + maxForks);
        }
        this.model = model;
        this.minForks = minForks;
        this.maxForks = maxForks;
    }

    public int minForks() {
        return minForks;
    }

    public int maxForks() {
        return maxForks;
    }

    /**
     * One headline cell to plan.
     *
     * @param cell     its name
     * @param group    its profile run
     * @param forkSd   standard deviation of its forks' log centres once interleaved
     * @param forkCost the time one fork of it takes (JVM start, set-up, warm-up and measured iterations)
     */
    public record Input(String cell, String group, double forkSd, Duration forkCost) {}

    /**
     * The plan for one cell.
     *
     * @param input         what it was planned from
     * @param forks         forks per run
     * @param rerunSd       expected standard deviation of a rerun's log point ratio
     * @param tolerance     its tolerance (0.05, or its own)
     * @param ownTolerance  whether it needs its own tolerance
     */
    public record Planned(Input input, int forks, double rerunSd, double tolerance, boolean ownTolerance) {

        /** Time of all its forks, each started in its own JVM, plus {@code unitOverhead} per fork. */
        public Duration cost(Duration unitOverhead) {
            return input.forkCost().plus(unitOverhead).multipliedBy(forks);
        }
    }

    /**
     * @param cells        the plan per cell, in input order
     * @param unitOverhead what starting one single-fork unit costs beyond its fork (the host's work per unit)
     */
    public record Plan(List<Planned> cells, Duration unitOverhead) {

        public Plan {
            cells = List.copyOf(cells);
        }

        /** Time of every unit. */
        public Duration total() {
            return cells.stream().map(c -> c.cost(unitOverhead)).reduce(Duration.ZERO, Duration::plus);
        }

        public int units() {
            return cells.stream().mapToInt(Planned::forks).sum();
        }

        public List<Planned> ownTolerances() {
            return cells.stream().filter(Planned::ownTolerance).toList();
        }
    }

    /** Plans every cell (see the class comment). */
    public Plan plan(List<Input> cells, Duration unitOverhead) {
        List<Planned> planned = new ArrayList<>(cells.size());
        for (Input cell : cells) {
            Integer enough = null;
            for (int k = minForks; k <= maxForks; k++) {
                if (model.tolerance(cell.forkSd(), k) <= RerunModel.DEFAULT_TOLERANCE) {
                    enough = k;
                    break;
                }
            }
            int k = enough != null ? enough : minForks;
            double tolerance = model.tolerance(cell.forkSd(), k);
            planned.add(new Planned(cell, k, model.rerunSd(cell.forkSd(), k), tolerance, enough == null));
        }
        return new Plan(planned, unitOverhead);
    }
}
