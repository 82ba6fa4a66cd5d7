package dev.iolab.jmh.plugin.run;

import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.reporting.markdown.Figures;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * Counts the iteration lines JMH prints against a profile's plan and estimates the time left.
 *
 * <p>Each iteration carries a weight, its estimated length (see {@link PlannedRun#estimate()}) plus a share of its
 * fork's start and set-up and of its run's start. Until the first iteration completes, the estimate is the planned
 * remainder; after that it is the remaining weight scaled by how long the completed weight really took, which
 * corrects for a loaded machine and for operations slower than the profile's {@code cost} line says.
 *
 * <p>Runs are counted one after another ({@link #startRun}), or — for interleaved runs, whose single-fork units
 * alternate between runs — unit by unit ({@link #startUnit}), each run keeping its own count.
 */
public final class RunProgress {

    private static final Pattern WARMUP = Pattern.compile("^# Warmup Iteration\\s+\\d+:.*");
    private static final Pattern MEASUREMENT = Pattern.compile("^Iteration\\s+\\d+:.*");

    private final List<PlannedRun> runs;
    private final LongSupplier nanoTime;
    private final long start;
    private final double totalWeight;
    private final int[] done;
    private final double[] weight;
    private final int[] extra;
    private final boolean[] finished;
    private int current = -1;
    private long lastReport;

    /** @param nanoTime a monotonic clock in nanoseconds ({@code System::nanoTime}) */
    public RunProgress(List<PlannedRun> runs, LongSupplier nanoTime) {
        this.runs = List.copyOf(runs);
        this.nanoTime = nanoTime;
        this.start = nanoTime.getAsLong();
        this.lastReport = start;
        this.totalWeight = runs.stream().mapToDouble(RunProgress::runWeight).sum();
        this.done = new int[runs.size()];
        this.weight = new double[runs.size()];
        this.extra = new int[runs.size()];
        this.finished = new boolean[runs.size()];
    }

    /** Marks the start of run {@code index} (0-based); the previous run counts as complete. */
    public void startRun(int index) {
        if (current >= 0) {
            finishRun();
        }
        reset(index);
        current = index;
    }

    /**
     * Marks the start of a unit of interleaved run {@code index}: its iteration lines count toward that run, which
     * keeps what its earlier units counted; the run of the previous unit is not complete yet.
     */
    public void startUnit(int index) {
        current = index;
    }

    /** Takes back what run {@code index} counted (it is about to run again) and makes it current. */
    public void restartRun(int index) {
        reset(index);
        if (current != index) {
            current = -1;
        }
    }

    /** Counts the rest of the current run as done (it finished, or failed and stopped early). */
    public void finishRun() {
        if (current >= 0) {
            finished[current] = true;
            current = -1;
        }
    }

    /** Counts the rest of run {@code index} as done (its units have all run, or stopped). */
    public void finishRun(int index) {
        finished[index] = true;
        if (current == index) {
            current = -1;
        }
    }

    private void reset(int index) {
        done[index] = 0;
        weight[index] = 0;
        extra[index] = 0;
        finished[index] = false;
    }

    /**
     * Feeds one line of JMH's output.
     *
     * @return whether it was an iteration line (a warm-up or measured iteration completed)
     */
    public boolean onLine(String line) {
        boolean warmup = WARMUP.matcher(line).matches();
        if (!warmup && !MEASUREMENT.matcher(line).matches()) {
            return false;
        }
        if (current < 0) {
            return true;
        }
        PlannedRun run = runs.get(current);
        if (done[current] < run.iterations()) {
            done[current]++;
            weight[current] += iterationWeight(run, warmup);
        } else {
            extra[current]++;
        }
        return true;
    }

    /**
     * Whether the current run has just printed its first iteration line beyond the plan: its include pattern
     * matches more benchmarks than meant, or a parameter with several default values was not given with {@code -p}.
     */
    public boolean justOvershot() {
        return current >= 0 && extra[current] == 1;
    }

    public int done() {
        int sum = 0;
        for (int i = 0; i < runs.size(); i++) {
            sum += finished[i] ? runs.get(i).iterations() : done[i];
        }
        return sum;
    }

    public int total() {
        return runs.stream().mapToInt(PlannedRun::iterations).sum();
    }

    private double doneWeight() {
        double sum = 0;
        for (int i = 0; i < runs.size(); i++) {
            sum += finished[i] ? runWeight(runs.get(i)) : weight[i];
        }
        return sum;
    }

    /** Done share of the planned work, by weight, 0..1. */
    public double fraction() {
        return totalWeight <= 0 ? 0 : Math.min(1, doneWeight() / totalWeight);
    }

    public Duration elapsed() {
        return Duration.ofNanos(nanoTime.getAsLong() - start);
    }

    /** Estimated time left. */
    public Duration remaining() {
        double doneWeight = doneWeight();
        double left = Math.max(0, totalWeight - doneWeight);
        if (doneWeight <= 0) {
            return seconds(left);
        }
        double secondsPerWeight = (nanoTime.getAsLong() - start) / 1e9 / doneWeight;
        return seconds(left * secondsPerWeight);
    }

    /** Whether at least {@code interval} passed since the last time this returned true. */
    public boolean due(Duration interval) {
        long now = nanoTime.getAsLong();
        if (now - lastReport >= interval.toNanos()) {
            lastReport = now;
            return true;
        }
        return false;
    }

    /** {@code 42% (120/286 iterations), 3 min 10 s elapsed, about 4 min 20 s left}. */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%d%% (%d/%d iterations), %s elapsed, about %s left",
                (int) Math.floor(fraction() * 100),
                done(),
                total(),
                format(elapsed()),
                format(remaining()));
    }

    /** {@code 1 h 02 min}, {@code 4 min 20 s}, {@code 35 s}. */
    public static String format(Duration duration) {
        long s = Math.max(0, Math.round(duration.toMillis() / 1000.0));
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
        }
        if (s >= 60) {
            return Figures.minutes(s);
        }
        return s + " s";
    }

    /** A run's weight: its estimated duration in seconds. */
    private static double runWeight(PlannedRun run) {
        return run.estimate().toNanos() / 1e9;
    }

    /**
     * An iteration's length plus its share of its fork's fixed costs (JVM start, set-up, and for an interleaved run
     * the unit's overhead) and of its run's (JMH's start, one-time set-up).
     */
    private static double iterationWeight(PlannedRun run, boolean warmup) {
        int perFork = run.warmupIterations() + run.measurementIterations();
        Duration forkFixed = ReferenceHost.MEASURED.forkStart().plus(run.forkSetup());
        if (run.interleaved()) {
            forkFixed = forkFixed.plus(ReferenceHost.MEASURED.unitOverhead());
        }
        double forkShare = perFork == 0 ? 0 : forkFixed.toNanos() / 1e9 / perFork;
        Duration runFixed = run.interleaved()
                ? run.onceSetup()
                : ReferenceHost.MEASURED.runStart().plus(run.onceSetup());
        double runShare = run.iterations() == 0 ? 0 : runFixed.toNanos() / 1e9 / run.iterations();
        return run.iterationLength(warmup).toNanos() / 1e9 + forkShare + runShare;
    }

    private static Duration seconds(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
