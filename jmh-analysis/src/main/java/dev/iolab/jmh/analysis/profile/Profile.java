package dev.iolab.jmh.analysis.profile;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.stats.CellEstimator;
import dev.iolab.jmh.analysis.stats.ForkSteadyState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A named set of JMH runs (one invocation each, so each benchmark gets its own settings), read from a small text
 * file: a named profile that the benchmarks' project ships as {@code META-INF/jmh-profiles/<name>.profile} on its
 * classpath (beside the benchmarks its run lines name, so that a test there can check them against JMH's benchmark
 * list), or any file by its path.
 *
 * <pre>
 * # comment
 * description: all four benchmarks at small sizes, for a first look
 * expected: about 4 minutes on 2 cores
 * run copy: com.example.CopyBenchmark.copy -p strategy=A,B -p fileSizeKb=64,1024 -f 7 -wi 3 -i 5 -w 500ms -r 200ms
 * cost copy: op=20ms fork=100ms
 * run walk: com.example.WalkBenchmark.walk -bm ss -p threads=1,2 -f 5 -wi 4 -i 5
 * headline: copy, walk
 * interleave: copy, walk
 * seed: random
 * tolerance copy: strategy=B fileSizeKb=64
 * </pre>
 * Each {@code run} line is a JMH command line (quoted as in a shell); it must set {@code -f}, {@code -wi} and
 * {@code -i} and give every multi-valued parameter with {@code -p}, so that progress can be counted. A {@code cost}
 * line gives a run's typical operation time ({@code op}), trial set-up per fork ({@code fork}) and one-time set-up
 * ({@code once}) for the estimate. {@code headline} names the runs whose cells the report's claims rest on: each must
 * give every cell at least {@value #HEADLINE_FORKS} forks (a 95 % confidence interval over forks needs them) of at
 * least {@value #HEADLINE_ITERATIONS} measured iterations (the per-fork steady-state check needs them).
 * {@code interleave} names the runs whose forks run as single-fork units from one JMH host, all of them in one seeded
 * random order; {@code seed} fixes that order's seed ({@code random}, the default, draws one per run, which the
 * report records). {@code tolerance <run>:} names cells of a headline run (by parameter values, each a subset of the
 * run's) that a rerun holds to a tolerance derived from their measured fork-to-fork spread instead of ±5 %.
 *
 * @param seed         the interleaved order's seed; null to draw one per run
 * @param ownTolerance the cells held to their own tolerance, as JMH command lines a {@link CellSelector} reads
 */
public record Profile(
        String name, String description, String expected, List<PlannedRun> runs, Long seed, List<String> ownTolerance) {

    /** Where on the benchmarks' classpath the named profiles are: {@code META-INF/jmh-profiles/quick.profile}. */
    public static final String RESOURCE_DIRECTORY = "META-INF/jmh-profiles/";

    private static final String SUFFIX = ".profile";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");

    /** Fewest forks per headline cell: enough for a confidence interval over forks. */
    public static final int HEADLINE_FORKS = CellEstimator.MIN_FORKS;

    /** Fewest measured iterations per fork of a headline cell: enough to check each fork for drift. */
    public static final int HEADLINE_ITERATIONS = ForkSteadyState.MIN_ITERATIONS;

    public Profile {
        runs = List.copyOf(runs);
        ownTolerance = ownTolerance == null ? List.of() : List.copyOf(ownTolerance);
    }

    /**
     * A named profile from the benchmarks' classpath, or a profile file by its path.
     *
     * @param baseDirectory where a relative path starts (the project's directory)
     * @param classpath     the benchmarks' classpath: directories and jars
     * @throws IllegalArgumentException if there is no such profile or it is malformed (the message says where)
     */
    public static Profile load(String nameOrPath, Path baseDirectory, List<Path> classpath) throws IOException {
        if (NAME.matcher(nameOrPath).matches()) {
            Optional<String> text = resource(nameOrPath, classpath);
            if (text.isPresent()) {
                return parse(nameOrPath, text.get().lines().collect(Collectors.toList()));
            }
        }
        Path file = baseDirectory.resolve(nameOrPath);
        if (!Files.isRegularFile(file)) {
            Set<String> names = names(classpath);
            throw new IllegalArgumentException("Unknown profile \"" + nameOrPath + "\": use "
                    + (names.isEmpty()
                            ? "the path of a profile file (the project ships no " + RESOURCE_DIRECTORY + "*" + SUFFIX
                                    + ")"
                            : "one of " + String.join(", ", names) + ", or the path of a profile file")
                    + " (no file at " + file + ")");
        }
        String name = file.getFileName().toString().replaceFirst("\\.profile$", "");
        return parse(name, Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** The text of {@code META-INF/jmh-profiles/<name>.profile} in the first classpath entry that has it. */
    private static Optional<String> resource(String name, List<Path> classpath) throws IOException {
        String entry = RESOURCE_DIRECTORY + name + SUFFIX;
        for (Path element : classpath) {
            if (Files.isDirectory(element)) {
                Path file = element.resolve(entry);
                if (Files.isRegularFile(file)) {
                    return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
                }
            } else if (isJar(element)) {
                try (JarFile jar = new JarFile(element.toFile())) {
                    JarEntry found = jar.getJarEntry(entry);
                    if (found != null) {
                        try (InputStream in = jar.getInputStream(found)) {
                            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The names of the profiles on the classpath, sorted. */
    public static Set<String> names(List<Path> classpath) throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path element : classpath) {
            if (Files.isDirectory(element.resolve(RESOURCE_DIRECTORY))) {
                try (Stream<Path> files = Files.list(element.resolve(RESOURCE_DIRECTORY))) {
                    files.map(f -> f.getFileName().toString()).forEach(f -> addName(f, names));
                }
            } else if (isJar(element)) {
                try (JarFile jar = new JarFile(element.toFile())) {
                    jar.stream()
                            .map(JarEntry::getName)
                            .filter(e -> e.startsWith(RESOURCE_DIRECTORY))
                            .map(e -> e.substring(RESOURCE_DIRECTORY.length()))
                            .forEach(f -> addName(f, names));
                }
            }
        }
        return names;
    }

    private static boolean isJar(Path element) {
        return Files.isRegularFile(element) && element.getFileName().toString().endsWith(".jar");
    }

    private static void addName(String fileName, Set<String> names) {
        if (fileName.endsWith(SUFFIX)
                && NAME.matcher(fileName.substring(0, fileName.length() - SUFFIX.length()))
                        .matches()) {
            names.add(fileName.substring(0, fileName.length() - SUFFIX.length()));
        }
    }

    static Profile parse(String name, List<String> lines) {
        Draft draft = new Draft(name);
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                draft.read(n + 1, line);
            }
        }
        draft.check();
        return draft.plan();
    }

    /** A profile while its lines are read: what each key gave, and on which line, for the checks that follow. */
    private static final class Draft {
        private final String name;
        private String description = "";
        private String expected = "";
        private Long seed;
        private final List<PlannedRun> runs = new ArrayList<>();
        private final Set<String> labels = new LinkedHashSet<>();
        private final Map<String, Integer> costLines = new LinkedHashMap<>();
        private final Map<String, PlannedRun> costed = new LinkedHashMap<>();
        private final Map<String, Integer> headlines = new LinkedHashMap<>();
        private final Map<String, Integer> interleaved = new LinkedHashMap<>();
        private final Map<String, Integer> toleranceLines = new LinkedHashMap<>();
        private final Map<String, List<String>> tolerances = new LinkedHashMap<>();

        Draft(String name) {
            this.name = name;
        }

        /** One line that is neither empty nor a comment, {@code number} counted from 1. */
        void read(int number, String line) {
            String where = "Profile " + name + ", line " + number + ": ";
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(where + "expected \"description:\", \"expected:\", \"headline:\","
                        + " \"interleave:\", \"seed:\", \"run <label>:\", \"cost <label>:\" or \"tolerance <label>:\","
                        + " got: " + line);
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "description" -> description = value;
                case "expected" -> expected = value;
                case "headline" -> labelsOf(value).forEach(label -> headlines.put(label, number));
                case "interleave" -> labelsOf(value).forEach(label -> interleaved.put(label, number));
                case "seed" -> seed = seedOf(where, value);
                default -> readLabelled(number, where, key, value);
            }
        }

        /** A {@code run}, {@code cost} or {@code tolerance} line: a key naming a run's label. */
        private void readLabelled(int number, String where, String key, String value) {
            if (key.startsWith("run ") && !key.substring(4).isBlank()) {
                String label = key.substring(4).strip();
                if (!labels.add(label)) {
                    throw new IllegalArgumentException(where + "run " + label + " appears twice");
                }
                try {
                    runs.add(PlannedRun.of(label, ShellWords.split(value)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + e.getMessage(), e);
                }
            } else if (key.startsWith("cost ") && !key.substring(5).isBlank()) {
                String label = key.substring(5).strip();
                costLines.put(label, number);
                costed.put(label, costOf(where, value));
            } else if (key.startsWith("tolerance ") && !key.substring(10).isBlank()) {
                String label = key.substring(10).strip();
                toleranceLines.putIfAbsent(label, number);
                tolerances.computeIfAbsent(label, l -> new ArrayList<>()).add(value);
            } else {
                throw new IllegalArgumentException(where + "unknown key " + key);
            }
        }

        /** Every line names known runs, and only headline runs get a tolerance. */
        void check() {
            if (runs.isEmpty()) {
                throw new IllegalArgumentException("Profile " + name + " has no \"run <label>: ...\" line");
            }
            unknown(name, costLines, labels, "cost for unknown run ");
            unknown(name, headlines, labels, "headline names unknown run ");
            unknown(name, interleaved, labels, "interleave names unknown run ");
            unknown(name, toleranceLines, labels, "tolerance for unknown run ");
            for (Map.Entry<String, Integer> t : toleranceLines.entrySet()) {
                if (!headlines.containsKey(t.getKey())) {
                    throw new IllegalArgumentException(
                            "Profile " + name + ", line " + t.getValue() + ": tolerance names run " + t.getKey()
                                    + ", which is not a headline run (only headline cells are held to a tolerance)");
                }
            }
        }

        /** The runs with their costs, headline and interleave marks, and the cells held to their own tolerance. */
        Profile plan() {
            List<PlannedRun> planned = new ArrayList<>();
            List<String> ownTolerance = new ArrayList<>();
            for (PlannedRun run : runs) {
                PlannedRun cost = costed.get(run.label());
                if (cost != null) {
                    run = run.withCost(cost.operation(), cost.forkSetup(), cost.onceSetup());
                }
                if (headlines.containsKey(run.label())) {
                    run = headline(run);
                }
                if (interleaved.containsKey(run.label())) {
                    run = run.asInterleaved();
                }
                for (String cells : tolerances.getOrDefault(run.label(), List.of())) {
                    ownTolerance.add(toleranceSelector(name, toleranceLines.get(run.label()), run, cells));
                }
                planned.add(run);
            }
            return new Profile(name, description, expected, planned, seed, ownTolerance);
        }

        /** The run as a headline run, once it gives every cell the forks and iterations a headline cell needs. */
        private PlannedRun headline(PlannedRun run) {
            if (run.forks() < HEADLINE_FORKS || run.measurementIterations() < HEADLINE_ITERATIONS) {
                throw new IllegalArgumentException("Profile " + name + ", line " + headlines.get(run.label())
                        + ": headline run " + run.label() + " gives each cell " + run.forks() + " fork(s) of "
                        + run.measurementIterations() + " measured iterations; a headline cell needs at least "
                        + HEADLINE_FORKS + " forks (for a confidence interval over forks) of at least "
                        + HEADLINE_ITERATIONS + " iterations (to check each fork for drift)");
            }
            return run.asHeadline();
        }
    }

    private static List<String> labelsOf(String value) {
        List<String> labels = new ArrayList<>();
        for (String label : value.split(",")) {
            if (!label.isBlank()) {
                labels.add(label.strip());
            }
        }
        return labels;
    }

    private static void unknown(String name, Map<String, Integer> lines, Set<String> labels, String message) {
        for (Map.Entry<String, Integer> l : lines.entrySet()) {
            if (!labels.contains(l.getKey())) {
                throw new IllegalArgumentException(
                        "Profile " + name + ", line " + l.getValue() + ": " + message + l.getKey());
            }
        }
    }

    /** {@code 20261127} or {@code random} (null). */
    private static Long seedOf(String where, String value) {
        if (value.equalsIgnoreCase("random")) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + "seed needs a whole number or \"random\", got " + value);
        }
    }

    /**
     * {@code strategy=BULK_8K fileSizeKb=64,1024} of run {@code run} as a JMH command line naming those cells: the
     * run's benchmarks and its {@code -p} values, those given narrowed to the values given (a subset of the run's);
     * nothing given names every cell of the run.
     */
    private static String toleranceSelector(String name, int line, PlannedRun run, String cells) {
        String where = "Profile " + name + ", line " + line + ": tolerance " + run.label() + ": ";
        CellSelector selector = run.cells();
        Map<String, String> values = new LinkedHashMap<>();
        selector.params().forEach((param, runValues) -> values.put(param, String.join(",", runValues)));
        for (String part : cells.split("\\s+")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(where + "expected name=value[,value...], got " + part);
            }
            String param = part.substring(0, eq);
            List<String> given = List.of(part.substring(eq + 1).split(","));
            List<String> runValues = selector.params().get(param);
            if (runValues == null || !runValues.containsAll(given)) {
                throw new IllegalArgumentException(where + part + " is not among the run's cells ("
                        + (runValues == null ? "it sets no -p " + param : param + "=" + String.join(",", runValues))
                        + ")");
            }
            values.put(param, String.join(",", given));
        }
        List<String> args = new ArrayList<>(selector.includes());
        values.forEach((param, value) -> {
            args.add("-p");
            args.add(param + "=" + value);
        });
        return ShellWords.join(args);
    }

    /** {@code op=2s fork=500ms once=10s}, any subset, as a run carrying only those times. */
    private static PlannedRun costOf(String where, String value) {
        Duration op = Duration.ZERO;
        Duration fork = Duration.ZERO;
        Duration once = Duration.ZERO;
        for (String part : value.split("\\s+")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(
                        where + "cost needs op=, fork= and/or once= with a time, got " + part);
            }
            String what = part.substring(0, eq);
            Duration time = PlannedRun.time(part.substring(eq + 1), "cost");
            switch (what) {
                case "op" -> op = time;
                case "fork" -> fork = time;
                case "once" -> once = time;
                default ->
                    throw new IllegalArgumentException(where + "cost knows op=, fork= and once=, not " + what + "=");
            }
        }
        return new PlannedRun(
                "", List.of(), 0, 0, 0, Duration.ZERO, 0, Duration.ZERO, false, op, fork, once, false, false);
    }

    /** The same profile restricted to the runs with these labels. */
    public Profile only(Collection<String> labels) {
        List<String> unknown = labels.stream()
                .filter(l -> runs.stream().noneMatch(r -> r.label().equals(l)))
                .collect(Collectors.toList());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("Profile " + name + " has no run " + String.join(", ", unknown)
                    + "; its runs are " + runs.stream().map(PlannedRun::label).collect(Collectors.joining(", ")));
        }
        List<PlannedRun> kept =
                runs.stream().filter(r -> labels.contains(r.label())).collect(Collectors.toList());
        List<CellSelector> keptCells = kept.stream().map(PlannedRun::cells).collect(Collectors.toList());
        return new Profile(
                name,
                description,
                expected.isEmpty() ? "" : "the whole profile: " + expected,
                kept,
                seed,
                ownTolerance.stream()
                        .filter(t -> keptCells.stream().anyMatch(c -> sameBenchmarks(c, CellSelector.parse(t))))
                        .collect(Collectors.toList()));
    }

    public int iterations() {
        return runs.stream().mapToInt(PlannedRun::iterations).sum();
    }

    public Duration nominalDuration() {
        return runs.stream().map(PlannedRun::nominalDuration).reduce(Duration.ZERO, Duration::plus);
    }

    private static boolean sameBenchmarks(CellSelector run, CellSelector cells) {
        return run.includes().equals(cells.includes())
                && cells.params().entrySet().stream()
                        .allMatch(p ->
                                run.params().getOrDefault(p.getKey(), List.of()).containsAll(p.getValue()));
    }

    /**
     * The estimated duration of all runs (see {@link PlannedRun#estimate()}), the JMH host of the interleaved runs
     * started once.
     */
    public Duration estimate() {
        Duration runs = this.runs.stream().map(PlannedRun::estimate).reduce(Duration.ZERO, Duration::plus);
        return interleaved().isEmpty() ? runs : runs.plus(ReferenceHost.MEASURED.runStart());
    }

    /** The runs whose forks run interleaved, in profile order. */
    public List<PlannedRun> interleaved() {
        return runs.stream().filter(PlannedRun::interleaved).collect(Collectors.toList());
    }

    /** The headline runs' JMH command lines: the report and {@code jmh:compare} find headline cells with them. */
    public List<String> headlineRuns() {
        return runs.stream()
                .filter(PlannedRun::headline)
                .map(r -> ShellWords.join(r.jmhArgs()))
                .collect(Collectors.toList());
    }
}
