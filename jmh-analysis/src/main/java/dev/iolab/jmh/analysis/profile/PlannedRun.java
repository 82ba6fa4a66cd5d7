package dev.iolab.jmh.analysis.profile;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One JMH invocation of a profile and what it will do: {@link #combinations()} parameter combinations, each run in
 * {@link #forks()} forks of {@link #warmupIterations()} + {@link #measurementIterations()} iterations.
 *
 * <p>Its {@link #estimate()} follows the run's structure: the JMH harness's start, then per fork the JVM's start,
 * the trial set-up ({@link #forkSetup()}: writing a source file) and the iterations, each lasting its nominal time or,
 * when one operation takes longer ({@link #operation()}), whole operations until that time has passed; plus a
 * one-time set-up ({@link #onceSetup()}: generating a directory tree the first time). The profile's {@code cost}
 * lines give these times, calibrated with small real runs; the starts of JMH's JVMs and an interleaved unit's
 * overhead are the reference machine's ({@link ReferenceHost#runCosts()}).
 *
 * @param label                 short name, e.g. {@code copy-buffered}; also names its part of the results
 * @param jmhArgs               JMH's command line for this run (without result-file options)
 * @param combinations          product of the {@code -p} value counts
 * @param warmupTime            nominal time of one warm-up iteration (JMH's {@code -w}); an operation longer than it
 *                              makes the iteration longer
 * @param measurementTime       nominal time of one measured iteration ({@code -r})
 * @param singleShot            {@code -bm ss}: an iteration is one operation
 * @param operation             typical time of one operation (zero: shorter than an iteration)
 * @param forkSetup             trial set-up per fork beyond the JVM's start
 * @param onceSetup             set-up before the first fork only (or zero)
 * @param headline              whether the profile names this run's cells as headline cells
 * @param interleaved           whether its forks run as single-fork units in the profile's seeded order, beside the
 *                              other interleaved runs' (else it is one JMH run, each cell's forks back to back)
 */
public record PlannedRun(
        String label,
        List<String> jmhArgs,
        int combinations,
        int forks,
        int warmupIterations,
        Duration warmupTime,
        int measurementIterations,
        Duration measurementTime,
        boolean singleShot,
        Duration operation,
        Duration forkSetup,
        Duration onceSetup,
        boolean headline,
        boolean interleaved) {

    /** A single-shot operation's time when the profile gives none; the progress corrects it as the run goes. */
    static final Duration SINGLE_SHOT_GUESS = Duration.ofSeconds(1);

    public PlannedRun {
        jmhArgs = List.copyOf(jmhArgs);
    }

    /** Iteration lines ({@code # Warmup Iteration} and {@code Iteration}) JMH prints for this run. */
    public int iterations() {
        return combinations * forks * (warmupIterations + measurementIterations);
    }

    /** Measured samples per cell: forks × measured iterations. */
    public int samplesPerCell() {
        return forks * measurementIterations;
    }

    /** How long one iteration lasts: its time rounded up to whole operations, or one operation single-shot. */
    public Duration iterationLength(boolean warmup) {
        if (singleShot) {
            return operation.isZero() ? SINGLE_SHOT_GUESS : operation;
        }
        Duration nominal = warmup ? warmupTime : measurementTime;
        if (operation.isZero()) {
            return nominal;
        }
        long ops = Math.max(1, (nominal.toNanos() + operation.toNanos() - 1) / operation.toNanos());
        return operation.multipliedBy(ops);
    }

    /** One fork: JVM start, trial set-up, warm-up and measured iterations. */
    Duration forkDuration() {
        return ReferenceHost.MEASURED
                .forkStart()
                .plus(forkSetup)
                .plus(iterationLength(true).multipliedBy(warmupIterations))
                .plus(iterationLength(false).multipliedBy(measurementIterations));
    }

    /**
     * The estimated duration of the whole run (see the class comment); for an interleaved run, its units' share of
     * the interleaved order: each fork plus the unit overhead, the host's own start counted once for the whole
     * order by {@link Profile#estimate()}.
     */
    public Duration estimate() {
        if (interleaved) {
            return onceSetup.plus(forkDuration()
                    .plus(ReferenceHost.MEASURED.unitOverhead())
                    .multipliedBy((long) combinations * forks));
        }
        return ReferenceHost.MEASURED
                .runStart()
                .plus(onceSetup)
                .plus(forkDuration().multipliedBy((long) combinations * forks));
    }

    /** One unit of this run when interleaved: its fork and the unit's overhead. */
    public Duration unitEstimate() {
        return forkDuration().plus(ReferenceHost.MEASURED.unitOverhead());
    }

    /** Its cells' parameter combinations, each a map of parameter name to one value, in JMH's order. */
    public List<Map<String, String>> parameterCombinations() {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> p : cells().params().entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String value : p.getValue()) {
                    Map<String, String> extended = new LinkedHashMap<>(combo);
                    extended.put(p.getKey(), value);
                    next.add(extended);
                }
            }
            combos = next;
        }
        return combos;
    }

    /** Iterations at their set time plus fork starts: a lower bound that ignores slow operations and set-up. */
    public Duration nominalDuration() {
        Duration perFork = ReferenceHost.MEASURED
                .forkStart()
                .plus(warmupTime.multipliedBy(warmupIterations))
                .plus(measurementTime.multipliedBy(measurementIterations));
        return perFork.multipliedBy((long) combinations * forks);
    }

    /** This run with the profile's {@code cost} line applied. */
    PlannedRun withCost(Duration operation, Duration forkSetup, Duration onceSetup) {
        return new PlannedRun(
                label,
                jmhArgs,
                combinations,
                forks,
                warmupIterations,
                warmupTime,
                measurementIterations,
                measurementTime,
                singleShot,
                operation,
                forkSetup,
                onceSetup,
                headline,
                interleaved);
    }

    /** This run marked as producing headline cells. */
    PlannedRun asHeadline() {
        return new PlannedRun(
                label,
                jmhArgs,
                combinations,
                forks,
                warmupIterations,
                warmupTime,
                measurementIterations,
                measurementTime,
                singleShot,
                operation,
                forkSetup,
                onceSetup,
                true,
                interleaved);
    }

    /** This run marked as running interleaved with the profile's other interleaved runs. */
    PlannedRun asInterleaved() {
        return new PlannedRun(
                label,
                jmhArgs,
                combinations,
                forks,
                warmupIterations,
                warmupTime,
                measurementIterations,
                measurementTime,
                singleShot,
                operation,
                forkSetup,
                onceSetup,
                headline,
                true);
    }

    /** The cells this run produces. */
    public CellSelector cells() {
        return CellSelector.of(jmhArgs);
    }

    /**
     * Plans a run from its JMH arguments. The profile must set {@code -f}, {@code -wi} and {@code -i} (else JMH takes
     * them from each benchmark's annotations, which the plugin cannot see); every multi-valued parameter must be
     * given with {@code -p} for the same reason.
     *
     * @throws IllegalArgumentException if an option is missing or malformed
     */
    public static PlannedRun of(String label, List<String> jmhArgs) {
        Counted counted = new Counted(label);
        for (int i = 0; i < jmhArgs.size(); i++) {
            String option = jmhArgs.get(i);
            if (!option.startsWith("-")) {
                continue;
            }
            if (option.equals("-rf") || option.equals("-rff") || option.equals("-o")) {
                throw new IllegalArgumentException("Profile run " + label + " must not set " + option
                        + ": the plugin chooses where each run's results go");
            }
            if (COUNTED_OPTIONS.contains(option)) {
                counted.read(option, value(jmhArgs, ++i, option, label));
            } else if (i + 1 < jmhArgs.size() && !jmhArgs.get(i + 1).startsWith("-") && takesValue(option)) {
                i++;
            }
        }
        return counted.run(jmhArgs);
    }

    /** The {@link #COUNTED_OPTIONS} of one run's command line, read one by one; JMH's defaults for the times. */
    private static final class Counted {
        private final String label;
        private Integer forks;
        private Integer warmups;
        private Integer measurements;
        private Duration warmupTime = Duration.ofSeconds(10);
        private Duration measurementTime = Duration.ofSeconds(10);
        private int combinations = 1;
        private boolean singleShot;

        Counted(String label) {
            this.label = label;
        }

        void read(String option, String value) {
            switch (option) {
                case "-f" -> forks = integer(value, option, label);
                case "-wi" -> warmups = integer(value, option, label);
                case "-i" -> measurements = integer(value, option, label);
                case "-w" -> warmupTime = time(value, label);
                case "-r" -> measurementTime = time(value, label);
                case "-bm" -> singleShot = value.equals("ss") || value.equalsIgnoreCase("SingleShotTime");
                case "-p" -> combinations *= values(value);
                default -> throw new IllegalStateException("not a counted option: " + option);
            }
        }

        /** How many values a {@code -p name=v1,v2} gives. */
        private int values(String param) {
            int eq = param.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("Profile run " + label + ": -p needs name=v1,v2,…, got " + param);
            }
            return param.substring(eq + 1).split(",", -1).length;
        }

        PlannedRun run(List<String> jmhArgs) {
            if (forks == null || warmups == null || measurements == null) {
                throw new IllegalArgumentException("Profile run " + label + " must set -f, -wi and -i, so that its"
                        + " iterations can be counted: " + String.join(" ", jmhArgs));
            }
            Duration warmup = singleShot ? SINGLE_SHOT_GUESS : warmupTime;
            Duration measurement = singleShot ? SINGLE_SHOT_GUESS : measurementTime;
            return new PlannedRun(
                    label,
                    jmhArgs,
                    combinations,
                    forks,
                    warmups,
                    warmup,
                    measurements,
                    measurement,
                    singleShot,
                    Duration.ZERO,
                    Duration.ZERO,
                    Duration.ZERO,
                    false,
                    false);
        }
    }

    /** Options {@link #of} reads, each with a value. */
    static final List<String> COUNTED_OPTIONS = List.of("-f", "-wi", "-i", "-w", "-r", "-bm", "-p");

    /** JMH options with a value (so the value is not read as a benchmark name). */
    static boolean takesValue(String option) {
        return List.of(
                        "-bm",
                        "-tu",
                        "-prof",
                        "-jvmArgs",
                        "-jvmArgsAppend",
                        "-jvmArgsPrepend",
                        "-t",
                        "-bs",
                        "-wbs",
                        "-to",
                        "-e",
                        "-wm",
                        "-wf",
                        "-gc",
                        "-foe",
                        "-si",
                        "-opi",
                        "-jvm",
                        "-o",
                        "-v",
                        "-tg",
                        "-rf",
                        "-rff")
                .contains(option);
    }

    private static String value(List<String> args, int i, String option, String label) {
        if (i >= args.size()) {
            throw new IllegalArgumentException("Profile run " + label + ": " + option + " needs a value");
        }
        return args.get(i);
    }

    private static int integer(String text, String option, String label) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Profile run " + label + ": " + option + " needs a number, got " + text);
        }
    }

    /** JMH's time values: {@code 1s}, {@code 500ms}, {@code 200 us}, {@code 2min}. */
    static Duration time(String text, String label) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        int split = 0;
        while (split < t.length() && (Character.isDigit(t.charAt(split)) || t.charAt(split) == '.')) {
            split++;
        }
        try {
            double amount = Double.parseDouble(t.substring(0, split));
            String unit = t.substring(split);
            double nanos;
            switch (unit) {
                case "ns":
                    nanos = amount;
                    break;
                case "us":
                    nanos = amount * 1e3;
                    break;
                case "ms":
                    nanos = amount * 1e6;
                    break;
                case "":
                case "s":
                    nanos = amount * 1e9;
                    break;
                case "m":
                case "min":
                    nanos = amount * 60e9;
                    break;
                case "hr":
                    nanos = amount * 3600e9;
                    break;
                default:
                    throw new NumberFormatException(unit);
            }
            return Duration.ofNanos(Math.round(nanos));
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("Profile run " + label + ": not a JMH time value: " + text);
        }
    }
}
