package dev.iolab.jmh.analysis.stats;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.Profile;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.stats.Medians;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.FDistribution;

/**
 * Two JMH runs of identical code, headline cell by headline cell: what the old pooled-iteration statistics said about
 * them, what the fork-level ones say, how much cells spread between forks and between runs, and the run plan that
 * spread calls for. Writes Markdown.
 *
 * <pre>
 * java … dev.iolab.jmh.analysis.stats.RerunAnalysis docs/results/jmh-baseline.json docs/results/jmh-result.json [out.md]
 * </pre>
 * The headline cells are those of the second run's environment record ({@code headlineRuns}); each is put in the group
 * of the {@code standard} profile's run with the same benchmarks and parameters, whose {@code cost} line prices a fork.
 */
public final class RerunAnalysis {

    /** The standard profile the committed runs were measured with (its runs and cost lines). */
    static final Path PROFILE = Path.of("src", "test", "resources", "stats", "standard-2026-11-25.profile");

    /** Starting a fork's JVM and JMH's handshake, as the profile's estimate counts it. */
    static final Duration FORK_START = Duration.ofMillis(600);

    /** What one single-fork unit is assumed to cost beyond its fork when many run from one JMH host JVM. */
    static final Duration UNIT_OVERHEAD = Duration.ofMillis(300);

    /** The same with a JMH host JVM per unit (the profile's run start). */
    static final Duration HOST_PER_UNIT = Duration.ofSeconds(2);

    /** The whole profile's budget, measured time. */
    static final Duration BUDGET = Duration.ofMinutes(25);

    /**
     * Measured time ÷ the profile's estimate for the committed runs: 13 min 07 s and 12 min 59 s measured against an
     * estimate of 16 min 53 s. The budget in the estimate's terms is {@link #BUDGET} ÷ this.
     */
    static final double MEASURED_OVER_ESTIMATE = (787 + 779) / 2.0 / 1013;

    /** Forks one cell may get in the plan. */
    static final int MAX_FORKS = 16;

    /** Seed of the example schedule. */
    static final long SCHEDULE_SEED = 20261127L;

    /**
     * Proposed per-fork settings of each headline run: warm-up iterations and time, measured iterations and time.
     * Short operations get 200 ms measured iterations instead of 500 ms (the fork, not the iteration, is what needs
     * repeating); operations of 130–350 ms get one operation per iteration (100 ms: JMH finishes the operation it
     * started); long ones, and the single-shot walks, keep their settings.
     */
    static final Map<String, Settings> PROPOSED = Map.ofEntries(
            Map.entry("copy-headline", new Settings(3, ms(500), 5, ms(200))),
            Map.entry("copy-headline-32m", new Settings(3, ms(100), 5, ms(100))),
            Map.entry("copy-unbuffered-64k", new Settings(2, ms(100), 5, ms(100))),
            Map.entry("copy-unbuffered-1m", new Settings(2, ms(500), 5, ms(500))),
            Map.entry("writebuffer-1b", new Settings(2, ms(500), 5, ms(500))),
            Map.entry("writebuffer-large", new Settings(2, ms(500), 5, ms(200))),
            Map.entry("zerocopy-300m", new Settings(2, ms(100), 5, ms(100))),
            Map.entry("zerocopy-disk", new Settings(1, ms(500), 5, ms(500))),
            Map.entry("walk-headline-1", new Settings(4, ms(1000), 5, ms(1000))),
            Map.entry("walk-headline-2", new Settings(4, ms(1000), 5, ms(1000))),
            Map.entry("walk-ffm-2", new Settings(4, ms(1000), 5, ms(1000))),
            Map.entry("walk-cold-headline", new Settings(2, ms(1000), 5, ms(1000))));

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    /** A fork's iterations: {@code -wi}, {@code -w}, {@code -i}, {@code -r}. */
    record Settings(int warmups, Duration warmupTime, int measured, Duration measuredTime) {

        /** One fork's time under the run's costs (its JVM start, set-up, iterations). */
        Duration forkCost(PlannedRun run) {
            return FORK_START
                    .plus(run.forkSetup())
                    .plus(iteration(run, warmupTime).multipliedBy(warmups))
                    .plus(iteration(run, measuredTime).multipliedBy(measured));
        }

        private static Duration iteration(PlannedRun run, Duration time) {
            Duration op = run.operation();
            if (run.singleShot()) {
                return op.isZero() ? Duration.ofSeconds(1) : op;
            }
            if (op.isZero()) {
                return time;
            }
            long ops = Math.max(1, (time.toNanos() + op.toNanos() - 1) / op.toNanos());
            return op.multipliedBy(ops);
        }

        String describe() {
            return String.format(
                    Locale.ROOT,
                    "-wi %d -w %dms -i %d -r %dms",
                    warmups,
                    warmupTime.toMillis(),
                    measured,
                    measuredTime.toMillis());
        }
    }

    /** One headline cell in both runs. */
    record Cell(String name, String group, PlannedRun run, Forks first, Forks second) {}

    /** The counts under the old pooled-iteration statistics. */
    record OldCounts(
            int cells,
            int fTestFirst,
            int fTestSecond,
            int rerunInsideFirstInterval,
            int ratioExcludesOne,
            int intervalWithin5,
            int pointWithin5,
            int copySlower,
            int copyCells,
            int copyMethodsFaster,
            int copyMethodCells,
            int trendingFirst,
            int trendingSecond) {}

    /** What the fork-level statistics say about the same pair. */
    record ForkCounts(
            int rangesOnly,
            int tRerunInsideFirstInterval,
            int tRatioExcludesOne,
            int welchWithHostDiffers,
            int welchWithSlotDiffers,
            int rerunIntervalWithSlotHolds,
            int pointWithin5,
            int rerunIntervalHolds,
            int driftingFirst,
            int driftingSecond,
            List<String> drifting) {}

    private final List<Cell> cells;
    private final Duration detailRuns;
    private final Duration onceSetup;

    RerunAnalysis(List<Cell> cells, Duration detailRuns, Duration onceSetup) {
        this.cells = List.copyOf(cells);
        this.detailRuns = detailRuns;
        this.onceSetup = onceSetup;
    }

    /** Reads both result files and the standard profile. */
    static RerunAnalysis of(Path first, Path second) throws IOException, ReportException {
        Profile profile = Profile.load(PROFILE.toString(), Path.of("."), List.of());
        Optional<Environment> environment = Environment.readFor(second);
        List<String> headlineRuns = environment
                .map(Environment::headlineRuns)
                .filter(h -> !h.isEmpty())
                .orElseThrow(() -> new IllegalArgumentException(second + " has no record of its headline runs"));
        Map<String, BenchmarkResult> a = timingCells(JmhResultReader.read(first));
        Map<String, BenchmarkResult> b = timingCells(JmhResultReader.read(second));
        List<CellSelector> selectors = new ArrayList<>();
        List<PlannedRun> runs = new ArrayList<>();
        for (String command : headlineRuns) {
            CellSelector selector = CellSelector.parse(command);
            selectors.add(selector);
            runs.add(profile.runs().stream()
                    .filter(r -> r.cells().equals(selector))
                    .findFirst()
                    .orElseThrow(
                            () -> new IllegalArgumentException("no run of the standard profile selects " + command)));
        }
        // Cells in headline-run order; a cell two runs select (walk-headline-2 names no listing, so it also matches
        // walk-ffm-2's cells) belongs to the run that names more of its parameters: only that run produced it.
        List<List<BenchmarkResult>> byRun = new ArrayList<>();
        selectors.forEach(x -> byRun.add(new ArrayList<>()));
        for (Map.Entry<String, BenchmarkResult> e : b.entrySet()) {
            BenchmarkResult r = e.getValue();
            int best = -1;
            for (int i = 0; i < selectors.size(); i++) {
                if (selectors.get(i).matches(r.benchmark(), r.params())
                        && (best < 0
                                || selectors.get(i).params().size()
                                        > selectors.get(best).params().size())) {
                    best = i;
                }
            }
            if (best >= 0 && a.containsKey(e.getKey())) {
                byRun.get(best).add(r);
            }
        }
        List<Cell> cells = new ArrayList<>();
        List<BenchmarkResult> selected = new ArrayList<>();
        for (int i = 0; i < selectors.size(); i++) {
            for (BenchmarkResult r : byRun.get(i)) {
                selected.add(r);
                cells.add(new Cell(
                        "",
                        runs.get(i).label(),
                        runs.get(i),
                        Forks.of(a.get(r.cellKey()).millisForks()),
                        Forks.of(r.millisForks())));
            }
        }
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            cells.set(i, new Cell(name(selected.get(i), selected), c.group(), c.run(), c.first(), c.second()));
        }
        Duration detail = profile.runs().stream()
                .filter(r -> !runs.contains(r))
                .map(PlannedRun::estimate)
                .reduce(Duration.ZERO, Duration::plus);
        Duration once = runs.stream().map(PlannedRun::onceSetup).reduce(Duration.ZERO, Duration::plus);
        return new RerunAnalysis(cells, detail, once);
    }

    List<Cell> cells() {
        return cells;
    }

    /** How the old pooled-iteration statistics judged the pair: forks differing, reruns inside intervals, verdicts. */
    OldCounts oldCounts() {
        PooledBootstrap bootstrap = new PooledBootstrap();
        int f1 = 0;
        int f2 = 0;
        int inside = 0;
        int excludes = 0;
        int within = 0;
        int point = 0;
        int copySlower = 0;
        int copyCells = 0;
        int methodsFaster = 0;
        int methodCells = 0;
        int trending1 = 0;
        int trending2 = 0;
        for (Cell c : cells) {
            f1 += fTestP(c.first()) < 0.05 ? 1 : 0;
            f2 += fTestP(c.second()) < 0.05 ? 1 : 0;
            PooledBootstrap.Interval firstMedian = bootstrap.median(PooledBootstrap.pooled(c.first()));
            double secondMedian = Medians.of(PooledBootstrap.pooled(c.second()));
            inside += firstMedian.contains(secondMedian) ? 1 : 0;
            PooledBootstrap.Interval ratio =
                    bootstrap.ratioOfMedians(PooledBootstrap.pooled(c.second()), PooledBootstrap.pooled(c.first()));
            excludes += ratio.contains(1) ? 0 : 1;
            within += ratio.low() >= 0.95 && ratio.high() <= 1.05 ? 1 : 0;
            point += Math.abs(ratio.value() - 1) <= 0.05 ? 1 : 0;
            if (c.group().startsWith("copy-")) {
                copyCells++;
                copySlower += ratio.value() > 1 ? 1 : 0;
            }
            if (c.group().startsWith("zerocopy-")) {
                methodCells++;
                methodsFaster += ratio.value() < 1 ? 1 : 0;
            }
            trending1 += KendallTrend.check(c.first().all()).trending() ? 1 : 0;
            trending2 += KendallTrend.check(c.second().all()).trending() ? 1 : 0;
        }
        return new OldCounts(
                cells.size(),
                f1,
                f2,
                inside,
                excludes,
                within,
                point,
                copySlower,
                copyCells,
                methodsFaster,
                methodCells,
                trending1,
                trending2);
    }

    /**
     * The same data under the fork-level statistics.
     *
     * @param model    the rerun model with the host allowance alone (right for interleaved runs)
     * @param slotted  the same with the slot drift added to the allowance (what these non-interleaved runs need)
     */
    ForkCounts forkCounts(RerunModel model, RerunModel slotted) {
        CellEstimator estimator = new CellEstimator();
        StudentForkInterval student = new StudentForkInterval(CellEstimator.LEVEL);
        CellEstimator anyForks = new CellEstimator(student, 2);
        int ranges = 0;
        int inside = 0;
        int excludes = 0;
        int differs = 0;
        int point = 0;
        int rerunHolds = 0;
        int slottedDiffers = 0;
        int slottedHolds = 0;
        int drifting1 = 0;
        int drifting2 = 0;
        List<String> drifting = new ArrayList<>();
        for (Cell c : cells) {
            ranges += estimator.cell(c.first()).hasLevel() ? 0 : 1;
            inside += anyForks.cell(c.first()).contains(c.second().location()) ? 1 : 0;
            excludes += anyForks.ratio(c.second(), c.first()).contains(1) ? 0 : 1;
            ForkEstimate verdict = LogDifference.welch(c.second(), c.first(), model.hostShift() * model.hostShift())
                    .ratio(
                            CellEstimator.LEVEL,
                            Math.min(c.first().count(), c.second().count()));
            differs += verdict.contains(1) ? 0 : 1;
            double slot2 = slotted.hostShift() * slotted.hostShift();
            slottedDiffers += LogDifference.welch(c.second(), c.first(), slot2)
                            .ratio(CellEstimator.LEVEL, 2)
                            .contains(1)
                    ? 0
                    : 1;
            slottedHolds += rerunIntervalWithoutMinimum(slotted, c.first())
                            .contains(c.second().location())
                    ? 1
                    : 0;
            point += Math.abs(c.second().location() / c.first().location() - 1) <= 0.05 ? 1 : 0;
            rerunHolds += rerunIntervalWithoutMinimum(model, c.first())
                            .contains(c.second().location())
                    ? 1
                    : 0;
            ForkSteadyState.Verdict v1 = ForkSteadyState.check(c.first());
            ForkSteadyState.Verdict v2 = ForkSteadyState.check(c.second());
            drifting1 += v1.drifting() ? 1 : 0;
            drifting2 += v2.drifting() ? 1 : 0;
            if (v1.drifting()) {
                drifting.add(c.name() + ", run 1: " + v1.describe());
            }
            if (v2.drifting()) {
                drifting.add(c.name() + ", run 2: " + v2.describe());
            }
        }
        return new ForkCounts(
                ranges,
                inside,
                excludes,
                differs,
                slottedDiffers,
                slottedHolds,
                point,
                rerunHolds,
                drifting1,
                drifting2,
                drifting);
    }

    /** {@link RerunModel#rerunInterval} as if 2 forks were enough (to see what it would have said). */
    private static ForkEstimate rerunIntervalWithoutMinimum(RerunModel model, Forks run) {
        double[] x = run.logCentres();
        int k = x.length;
        double forkPart = 2 * Forks.variance(x) / k;
        double h2 = model.hostShift() * model.hostShift();
        double variance = forkPart + h2;
        double df = forkPart == 0 ? Double.POSITIVE_INFINITY : variance * variance / (forkPart * forkPart / (k - 1));
        double half = LogDifference.quantile(df, 0.975) * Math.sqrt(variance);
        double mean = Forks.mean(x);
        return ForkEstimate.rerun(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), 0.95, k);
    }

    /** The rerun model for runs whose forks were not interleaved: host allowance and slot drift together. */
    static RerunModel slotted(RerunVariance.Estimate variance) {
        return new RerunModel(variance.nonInterleavedAllowance());
    }

    RerunVariance.Estimate variance() {
        return RerunVariance.estimate(cells.stream()
                .map(c -> new RerunVariance.Pair(c.name(), c.group(), c.first(), c.second()))
                .collect(Collectors.toList()));
    }

    /** Plan inputs: each cell's interleaved fork spread and its fork's cost under the proposed settings. */
    List<RunPlanner.Input> planInputs(RerunVariance.Estimate variance) {
        List<RunPlanner.Input> inputs = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            RerunVariance.Cell spread = variance.cells().get(i);
            Settings settings = PROPOSED.get(c.group());
            if (settings == null) {
                throw new IllegalStateException("no proposed settings for headline run " + c.group());
            }
            inputs.add(new RunPlanner.Input(
                    c.name(), c.group(), variance.interleavedForkSd(spread), settings.forkCost(c.run())));
        }
        return inputs;
    }

    /**
     * Time left for the headline units within {@link #BUDGET}, in the profile estimate's terms: less the detail runs,
     * the one-time set-up and one host start.
     */
    Duration headlineBudget() {
        Duration budget = Duration.ofMillis(Math.round(BUDGET.toMillis() / MEASURED_OVER_ESTIMATE));
        return budget.minus(detailRuns).minus(onceSetup).minus(HOST_PER_UNIT);
    }

    /** The whole write-up. */
    String markdown() {
        RerunVariance.Estimate variance = variance();
        RerunModel model = new RerunModel(variance.hostShift());
        OldCounts old = oldCounts();
        ForkCounts fork = forkCounts(model, slotted(variance));
        StringBuilder out = new StringBuilder();
        out.append("# Two runs of identical code, fork by fork\n\n");
        out.append(String.format(
                Locale.ROOT,
                "%d headline cells, each measured in both runs (2 forks × 5 iterations per run).\n\n",
                old.cells()));

        out.append("## What the old statistics said\n\n");
        out.append("| check | count |\n|---|---:|\n");
        row(out, "forks differ (one-way F test on the iterations, 5 %), run 1", old.fTestFirst());
        row(out, "forks differ (one-way F test on the iterations, 5 %), run 2", old.fTestSecond());
        row(out, "run 2's median inside run 1's pooled 95 % bootstrap interval", old.rerunInsideFirstInterval());
        row(out, "ratio run 2 ÷ run 1 excludes 1 (\"differs\")", old.ratioExcludesOne());
        row(out, "ratio's whole interval inside 0.95–1.05", old.intervalWithin5());
        row(out, "point ratio inside 0.95–1.05", old.pointWithin5());
        out.append(String.format(
                Locale.ROOT,
                "| copy cells slower in run 2 | %d of %d |\n| copy methods (zerocopy) faster in run 2 | %d of %d |\n",
                old.copySlower(),
                old.copyCells(),
                old.copyMethodsFaster(),
                old.copyMethodCells()));
        row(out, "cells trending (cell-wide seasonal Kendall), run 1", old.trendingFirst());
        row(out, "cells trending (cell-wide seasonal Kendall), run 2", old.trendingSecond());
        out.append('\n');

        out.append("## What the fork-level statistics say about the same data\n\n");
        out.append("| check | count |\n|---|---:|\n");
        row(out, "cells shown as a range only (fewer than 5 forks: every cell here)", fork.rangesOnly());
        row(
                out,
                "run 2's location inside run 1's t-interval over 2 forks (if one were shown)",
                fork.tRerunInsideFirstInterval());
        row(out, "Welch ratio over forks (no host allowance) excludes 1", fork.tRatioExcludesOne());
        row(out, "rerun model (forks + host allowance) says faster or slower", fork.welchWithHostDiffers());
        row(out, "run 2's location inside run 1's 95 % rerun interval (forks + host)", fork.rerunIntervalHolds());
        row(
                out,
                "rerun model with the slot drift added (forks not interleaved) says faster or slower",
                fork.welchWithSlotDiffers());
        row(
                out,
                "run 2's location inside run 1's 95 % rerun interval with the slot drift added",
                fork.rerunIntervalWithSlotHolds());
        row(out, "point ratio of locations inside 0.95–1.05", fork.pointWithin5());
        row(out, "cells with a drifting fork or trend (per-fork check), run 1", fork.driftingFirst());
        row(out, "cells with a drifting fork or trend (per-fork check), run 2", fork.driftingSecond());
        out.append('\n');
        if (!fork.drifting().isEmpty()) {
            out.append("Flagged by the per-fork check:\n\n");
            fork.drifting().forEach(d -> out.append("- ").append(d).append('\n'));
            out.append('\n');
        }

        out.append("## Spread between forks and between runs\n\n");
        out.append(String.format(
                Locale.ROOT,
                "Run-wide shift (mean over cells of run 2 ÷ run 1, log scale): %+.2f %% ± %.2f %% (one standard error). "
                        + "Host allowance (its size plus one standard error): %.2f %%. A cell's own shift per run beyond "
                        + "its forks' scatter (slot drift, which interleaving turns into fork scatter): %.2f %%.\n\n",
                variance.meanShift() * 100,
                variance.meanShiftSe() * 100,
                variance.hostShift() * 100,
                variance.slotSd() * 100));
        out.append("Group spread (robust pooled between-fork SD): ");
        out.append(variance.groupSd().entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s %.1f %%", e.getKey(), e.getValue() * 100))
                .collect(Collectors.joining(", ")));
        out.append(".\n\n");

        List<RunPlanner.Input> inputs = planInputs(variance);
        RunPlanner planner = new RunPlanner(model, CellEstimator.MIN_FORKS, MAX_FORKS);
        RunPlanner.Plan budgeted = planner.plan(inputs, UNIT_OVERHEAD, headlineBudget());
        RunPlanner.Plan unbounded = planner.plan(inputs, UNIT_OVERHEAD);

        out.append("## Run plan\n\n");
        out.append("| cell | group | fork SD (own, df) | shrunk | interleaved | shift run 2 | fork cost | forks | "
                + "rerun SD | P(miss ±5 %) | tolerance |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < cells.size(); i++) {
            RerunVariance.Cell spread = variance.cells().get(i);
            RunPlanner.Planned p = budgeted.cells().get(i);
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %.1f %% (%d) | %.1f %% | %.1f %% | %+.1f %% | %.1f s | %d | %.1f %% | %.1f %% | %s |\n",
                    spread.cell(),
                    spread.group(),
                    spread.forkSd() * 100,
                    spread.df(),
                    spread.shrunkForkSd() * 100,
                    p.input().forkSd() * 100,
                    spread.shift() * 100,
                    p.input().forkCost().toMillis() / 1000.0,
                    p.forks(),
                    p.rerunSd() * 100,
                    p.miss() * 100,
                    p.ownTolerance() ? String.format(Locale.ROOT, "**±%.1f %%**", p.tolerance() * 100) : "±5 %"));
        }
        out.append('\n');
        out.append("Proposed per-fork settings: ");
        out.append(PROPOSED.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> "`" + e.getKey() + "` " + e.getValue().describe())
                .collect(Collectors.joining("; ")));
        out.append(".\n\n");
        Duration headline = budgeted.total();
        Duration total = headline.plus(detailRuns).plus(onceSetup).plus(HOST_PER_UNIT);
        out.append(String.format(
                Locale.ROOT,
                "Budgeted plan: %d single-fork units, headline units %s (at %d ms overhead per unit, one JMH host), "
                        + "detail runs unchanged %s, one-time set-up %s: **%s** by the profile's estimate, about %s "
                        + "measured (the estimate overstated the committed runs by the factor %.2f). With a JMH host JVM "
                        + "per unit instead: %s by the estimate. Expected cells missing ±5 %%: %.1f; chance that at most "
                        + "2 of %d miss: %.0f %%. Cells with their own tolerance: %d.\n\n",
                budgeted.units(),
                minutes(headline),
                UNIT_OVERHEAD.toMillis(),
                minutes(detailRuns),
                minutes(onceSetup),
                minutes(total),
                minutes(Duration.ofMillis(Math.round(total.toMillis() * MEASURED_OVER_ESTIMATE))),
                1 / MEASURED_OVER_ESTIMATE,
                minutes(total.plus(HOST_PER_UNIT.minus(UNIT_OVERHEAD).multipliedBy(budgeted.units()))),
                budgeted.expectedMisses(),
                cells.size(),
                budgeted.chanceOfAtMost(2) * 100,
                budgeted.ownTolerances().size()));
        out.append(String.format(
                Locale.ROOT,
                "Unbudgeted (every cell to a 2 %% miss chance, at most %d forks): %d units, headline %s, total %s; "
                        + "expected misses %.1f, chance that at most 2 miss %.0f %%.\n\n",
                MAX_FORKS,
                unbounded.units(),
                minutes(unbounded.total()),
                minutes(unbounded.total().plus(detailRuns).plus(onceSetup).plus(HOST_PER_UNIT)),
                unbounded.expectedMisses(),
                unbounded.chanceOfAtMost(2) * 100));
        Map<String, Integer> forks = new LinkedHashMap<>();
        budgeted.cells().forEach(p -> forks.put(p.input().cell(), p.forks()));
        List<InterleavedSchedule.Unit> order = InterleavedSchedule.order(forks, SCHEDULE_SEED);
        out.append(String.format(
                Locale.ROOT,
                "First units of the interleaved order (seed %d): %s, …\n",
                SCHEDULE_SEED,
                order.subList(0, Math.min(8, order.size())).stream()
                        .map(u -> u.cell() + " #" + u.fork())
                        .collect(Collectors.joining("; "))));
        return out.toString();
    }

    /** One-way analysis of variance of a cell's iterations by fork: the p-value of "the forks have one mean". */
    static double fTestP(Forks forks) {
        int k = forks.count();
        double[] all = PooledBootstrap.pooled(forks);
        int n = all.length;
        if (k < 2 || n <= k) {
            return Double.NaN;
        }
        double grand = Forks.mean(all);
        double between = 0;
        double within = 0;
        for (double[] fork : forks.all()) {
            double mean = Forks.mean(fork);
            between += fork.length * (mean - grand) * (mean - grand);
            for (double v : fork) {
                within += (v - mean) * (v - mean);
            }
        }
        double f = (between / (k - 1)) / (within / (n - k));
        return 1 - new FDistribution(null, k - 1, n - k).cumulativeProbability(f);
    }

    private static Map<String, BenchmarkResult> timingCells(List<BenchmarkResult> results) {
        Map<String, BenchmarkResult> cells = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            // Entries of the profilers that slow the benchmark down for their counts are not timings.
            boolean intrusive =
                    r.secondary().keySet().stream().anyMatch(k -> k.startsWith("allocs.") || k.startsWith("strace."));
            if (!intrusive && r.timed()) {
                cells.putIfAbsent(r.cellKey(), r);
            }
        }
        return cells;
    }

    /**
     * {@code CopyBenchmark.copy fileSizeKb=1024 strategy=BULK_8K}: the benchmark and the parameters that vary among
     * its headline cells.
     */
    private static String name(BenchmarkResult r, List<BenchmarkResult> all) {
        String params = r.params().entrySet().stream()
                .filter(e -> all.stream()
                                .filter(o -> o.benchmark().equals(r.benchmark()))
                                .map(o -> o.params().get(e.getKey()))
                                .distinct()
                                .count()
                        > 1)
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        return r.shortName() + " " + params;
    }

    private static void row(StringBuilder out, String what, int count) {
        out.append("| ").append(what).append(" | ").append(count).append(" |\n");
    }

    private static String minutes(Duration d) {
        return Figures.minutes(Math.round(d.toMillis() / 1000.0));
    }

    /** {@code RerunAnalysis <first.json> <second.json> [<out.md>]}: the write-up to the file or standard output. */
    public static void main(String[] args) throws IOException, ReportException {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: RerunAnalysis <first-run.json> <second-run.json> [<out.md>]");
            System.exit(2);
        }
        String markdown = of(Path.of(args[0]), Path.of(args[1])).markdown();
        if (args.length == 3) {
            Files.writeString(Path.of(args[2]), markdown, StandardCharsets.UTF_8);
        } else {
            System.out.print(markdown);
        }
    }
}
