package dev.iolab.jmh.analysis.stats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * How many forks each headline cell needs for a rerun to reproduce it, and what that costs: the planning tool behind
 * the standard profile's forks ({@link RerunAnalysis} applies it to a pair of runs).
 *
 * <p>For a cell whose forks scatter with standard deviation σ (log scale, after interleaving: see
 * {@link RerunVariance.Estimate#interleavedForkSd}), two runs of {@code k} forks each give point ratios with standard
 * deviation {@link RerunModel#rerunSd(double, int)}, so a rerun misses ±5 % with a probability the normal model gives.
 * Two ways to plan:
 * <ul>
 *   <li>{@link #plan(List, Duration)}: per cell, the fewest forks from {@link #minForks()} up to {@link #maxForks()}
 *       for which the miss probability is at most 1 − {@link RerunModel#TOLERANCE_COVERAGE} (2 %: then 46 of 48 are
 *       met in most reruns); a cell that cannot get there keeps {@link #minForks()} and its own tolerance;</li>
 *   <li>{@link #plan(List, Duration, Duration)}: within a time budget, the cells too noisy for ±5 % at
 *       {@link #minForks()} get their own tolerance; each further fork goes to the cell where it removes the most
 *       expected misses per second, until the budget is spent or no cell gains.</li>
 * </ul>
 * A cell with its own tolerance is held to {@link RerunModel#tolerance} at its planned forks (the band 98 % of reruns
 * of identical code stay within), which the report names with the spread it comes from.
 */
final class RunPlanner {

    /**
     * A cell whose rerun misses ±5 % more often than this with {@link #minForks()} forks gets its own tolerance in a
     * budgeted plan.
     */
    public static final double OWN_TOLERANCE_MISS = 0.10;

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
     * @param miss          the probability that a rerun's point ratio misses ±5 %
     * @param tolerance     its tolerance (0.05, or its own)
     * @param ownTolerance  whether it needs its own tolerance
     */
    public record Planned(Input input, int forks, double rerunSd, double miss, double tolerance, boolean ownTolerance) {

        /** The probability that a rerun misses this cell's tolerance: {@link #miss()}, or 2 % for its own. */
        public double toleranceMiss() {
            return ownTolerance ? 1 - RerunModel.TOLERANCE_COVERAGE : miss;
        }

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

        /** Expected number of cells whose rerun point ratio misses its tolerance (±5 % or its own). */
        public double expectedMisses() {
            return cells.stream().mapToDouble(Planned::toleranceMiss).sum();
        }

        /** The probability that at most {@code misses} cells miss their tolerance in a rerun (cells independent). */
        public double chanceOfAtMost(int misses) {
            double[] p = new double[cells.size() + 1];
            p[0] = 1;
            int seen = 0;
            for (Planned cell : cells) {
                seen++;
                for (int m = seen; m >= 0; m--) {
                    p[m] = p[m] * (1 - cell.toleranceMiss()) + (m > 0 ? p[m - 1] * cell.toleranceMiss() : 0);
                }
            }
            double sum = 0;
            for (int m = 0; m <= Math.min(misses, cells.size()); m++) {
                sum += p[m];
            }
            return sum;
        }
    }

    /** Plans every cell on its own (see the class comment). */
    public Plan plan(List<Input> cells, Duration unitOverhead) {
        List<Planned> planned = new ArrayList<>(cells.size());
        for (Input cell : cells) {
            int k = minForks;
            while (k < maxForks && missProbability(cell.forkSd(), k) > 1 - RerunModel.TOLERANCE_COVERAGE) {
                k++;
            }
            boolean own = missProbability(cell.forkSd(), k) > 1 - RerunModel.TOLERANCE_COVERAGE;
            if (own) {
                k = minForks;
            }
            planned.add(planned(cell, k, own));
        }
        return new Plan(planned, unitOverhead);
    }

    /**
     * Plans within {@code budget} (the headline units' time, overhead included). A cell whose rerun would miss ±5 %
     * with probability above {@link #OWN_TOLERANCE_MISS} even with {@link #minForks()} forks is too noisy for the forks
     * a run can spend on it: it keeps {@link #minForks()} and gets its own tolerance. Every other cell starts at
     * {@link #minForks()}, and each further fork goes to the cell where it removes the most expected misses of ±5 % per
     * second, until the budget is spent, every cell has {@link #maxForks()}, or no fork gains anything.
     *
     * @throws IllegalArgumentException if {@link #minForks()} forks of every cell already exceed the budget
     */
    public Plan plan(List<Input> cells, Duration unitOverhead, Duration budget) {
        int[] forks = new int[cells.size()];
        boolean[] own = new boolean[cells.size()];
        Duration spent = Duration.ZERO;
        for (int i = 0; i < forks.length; i++) {
            forks[i] = minForks;
            own[i] = missProbability(cells.get(i).forkSd(), minForks) > OWN_TOLERANCE_MISS;
            spent = spent.plus(unitCost(cells.get(i), unitOverhead).multipliedBy(minForks));
        }
        if (spent.compareTo(budget) > 0) {
            throw new IllegalArgumentException(
                    "the budget " + budget + " is less than " + minForks + " forks of every cell (" + spent + ")");
        }
        while (true) {
            int best = -1;
            double bestGain = 0;
            for (int i = 0; i < forks.length; i++) {
                Input cell = cells.get(i);
                Duration unit = unitCost(cell, unitOverhead);
                if (own[i] || forks[i] >= maxForks || spent.plus(unit).compareTo(budget) > 0) {
                    continue;
                }
                double gain = (missProbability(cell.forkSd(), forks[i]) - missProbability(cell.forkSd(), forks[i] + 1))
                        / unit.toMillis();
                if (gain > bestGain) {
                    bestGain = gain;
                    best = i;
                }
            }
            if (best < 0 || bestGain < 1e-12) {
                break;
            }
            forks[best]++;
            spent = spent.plus(unitCost(cells.get(best), unitOverhead));
        }
        List<Planned> planned = new ArrayList<>(cells.size());
        for (int i = 0; i < forks.length; i++) {
            planned.add(planned(cells.get(i), forks[i], own[i]));
        }
        return new Plan(planned, unitOverhead);
    }

    /**
     * The probability that a rerun's point ratio of identical code falls outside 0.95–1.05 with {@code forks} forks
     * per run: normal on the log scale with standard deviation {@link RerunModel#rerunSd}.
     */
    public double missProbability(double forkSd, int forks) {
        double sd = model.rerunSd(forkSd, forks);
        if (sd == 0) {
            return 0;
        }
        double tolerance = RerunModel.DEFAULT_TOLERANCE;
        return NORMAL.cumulativeProbability(Math.log1p(-tolerance) / sd)
                + NORMAL.cumulativeProbability(-Math.log1p(tolerance) / sd);
    }

    private Planned planned(Input cell, int forks, boolean own) {
        return new Planned(
                cell,
                forks,
                model.rerunSd(cell.forkSd(), forks),
                missProbability(cell.forkSd(), forks),
                own ? model.tolerance(cell.forkSd(), forks) : RerunModel.DEFAULT_TOLERANCE,
                own);
    }

    private static Duration unitCost(Input cell, Duration unitOverhead) {
        return cell.forkCost().plus(unitOverhead);
    }

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
}
