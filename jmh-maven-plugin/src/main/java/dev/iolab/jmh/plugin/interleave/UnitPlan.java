package dev.iolab.jmh.plugin.interleave;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.stats.InterleavedSchedule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the JMH host of an interleaved run executes: the profile's interleaved runs, each cell's forks as single-fork
 * units, in the seeded order {@link InterleavedSchedule} draws, and where each run's merged results go. Written by
 * {@code jmh:run} as JSON, read by {@link UnitHost}.
 *
 * @param seed  the seed of the order
 * @param runs  the interleaved runs
 * @param units every unit, in the order to run them
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UnitPlan(long seed, List<Run> runs, List<Unit> units) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One interleaved run of the profile.
     *
     * @param label      its label
     * @param jmhArgs    its JMH command line, as the profile wrote it (its {@code -f} is each cell's fork count)
     * @param resultFile where the host writes its cells' results, every fork merged into one JMH entry per cell
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Run(String label, List<String> jmhArgs, String resultFile) {

        public Run {
            jmhArgs = List.copyOf(jmhArgs);
        }
    }

    /**
     * One fork of one cell.
     *
     * @param run      the label of its run
     * @param params   its parameter values, one per {@code -p} of the run
     * @param fork     its fork number, from 1
     * @param forks    its cell's number of forks
     * @param estimate its expected duration in seconds (fork and unit overhead), for the progress
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Unit(String run, Map<String, String> params, int fork, int forks, double estimate) {

        public Unit {
            params = new LinkedHashMap<>(params);
        }

        /** {@code fileSizeKb=64 strategy=BULK_8K}: its parameters, sorted by name. */
        public String paramText() {
            return new TreeMap<>(params)
                    .entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining(" "));
        }
    }

    public UnitPlan {
        runs = List.copyOf(runs);
        units = List.copyOf(units);
    }

    /**
     * The plan of these runs: each cell (a combination of the run's {@code -p} values) gets the run's {@code -f}
     * forks, and all forks of all cells run in the order {@link InterleavedSchedule} draws with {@code seed}.
     *
     * @param resultFile where each run's merged results go
     * @throws IllegalArgumentException if two runs produce the same cell name
     */
    public static UnitPlan of(List<PlannedRun> interleaved, long seed, Function<PlannedRun, Path> resultFile) {
        Map<String, Integer> forks = new LinkedHashMap<>();
        Map<String, Unit> cells = new LinkedHashMap<>();
        List<Run> runs = new ArrayList<>();
        for (PlannedRun run : interleaved) {
            runs.add(new Run(
                    run.label(),
                    run.jmhArgs(),
                    resultFile.apply(run).toAbsolutePath().toString()));
            double estimate = run.unitEstimate().toMillis() / 1000.0;
            for (Map<String, String> params : run.parameterCombinations()) {
                Unit cell = new Unit(run.label(), params, 0, run.forks(), estimate);
                String name = run.label() + " " + cell.paramText();
                if (cells.put(name, cell) != null) {
                    throw new IllegalArgumentException("two interleaved runs produce the cell " + name);
                }
                forks.put(name, run.forks());
            }
        }
        List<Unit> units = new ArrayList<>();
        for (InterleavedSchedule.Unit u : InterleavedSchedule.order(forks, seed)) {
            Unit cell = cells.get(u.cell());
            units.add(new Unit(cell.run(), cell.params(), u.fork(), cell.forks(), cell.estimate()));
        }
        return new UnitPlan(seed, runs, units);
    }

    /** The run with this label. */
    public Run run(String label) {
        return runs.stream()
                .filter(r -> r.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no interleaved run " + label));
    }

    public void write(Path file) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(temp.toFile(), this);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    public static UnitPlan read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), UnitPlan.class);
    }
}
