package dev.iolab.jmh.plugin.interleave;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.plugin.JmhLock;
import dev.iolab.reporting.host.HostFacts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH host of an interleaved run, in a JVM on the benchmarks' classpath: runs every unit of a {@link UnitPlan} in
 * its order through JMH's {@link Runner} API, one fork each, all from this one JVM (a JMH host per unit would cost
 * about two seconds a unit more); reads the machine's state from {@code /proc} around every unit; then writes each
 * run's cells with all their forks merged ({@link ForkMerge}) as JMH's own JSON, and the units' records.
 *
 * <pre>
 * java … dev.iolab.jmh.plugin.interleave.UnitHost plan=&lt;plan.json&gt; records=&lt;units.json&gt;
 * </pre>
 *
 * It holds JMH's machine-wide lock for the whole order, so no other JMH run slips in between two units (unless started
 * with {@code -Djmh.ignoreLock=true}, as JMH itself allows). Before each
 * unit it prints {@value #UNIT_LINE}{@code 57/286: <run> <params>, fork 3 of 7}, which {@code jmh:run} turns into its
 * progress line; the rest is JMH's own output, less each unit's closing table (the merged table closes the run).
 * Exit status: 0 when every unit ran, {@value #SOME_FAILED} when some failed (the others' results are written),
 * {@value #LOCK_TAKEN} when another JMH run holds the lock (nothing ran), {@value #BAD_INPUT} for a plan it cannot use.
 */
public final class UnitHost {

    /** How the line announcing a unit starts. */
    public static final String UNIT_LINE = "# Unit ";

    public static final int BAD_INPUT = 2;
    public static final int SOME_FAILED = 3;
    public static final int LOCK_TAKEN = 4;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private UnitHost() {}

    public static void main(String[] args) {
        boolean takeLock = !Boolean.getBoolean("jmh.ignoreLock");
        // This JVM holds JMH's lock for the whole order; each unit's Runner must not try to take it again.
        System.setProperty("jmh.ignoreLock", "true");
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        System.exit(run(args, out, takeLock));
    }

    /**
     * @param takeLock whether to hold JMH's lock for the whole order (each unit's {@link Runner} must then have been
     *                 told to ignore it: {@code jmh.ignoreLock=true} before JMH's classes load)
     */
    static int run(String[] args, PrintStream out, boolean takeLock) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq > 0) {
                options.put(arg.substring(0, eq), arg.substring(eq + 1));
            }
        }
        if (!options.containsKey("plan") || !options.containsKey("records")) {
            out.println("ERROR: usage: UnitHost plan=<plan.json> records=<units.json>");
            return BAD_INPUT;
        }
        UnitPlan plan;
        try {
            plan = UnitPlan.read(Path.of(options.get("plan")));
        } catch (IOException e) {
            out.println("ERROR: cannot read the plan " + options.get("plan") + ": " + e.getMessage());
            return BAD_INPUT;
        }
        if (!takeLock) {
            try {
                return runUnits(plan, Path.of(options.get("records")), out);
            } catch (IOException e) {
                out.println("ERROR: " + e.getMessage());
                return BAD_INPUT;
            }
        }
        Path lockFile = JmhLock.file();
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                out.println("ERROR: " + JmhLock.REFUSAL + " (" + lockFile + "): another JMH run holds it.");
                return LOCK_TAKEN;
            }
            return runUnits(plan, Path.of(options.get("records")), out);
        } catch (IOException e) {
            out.println("ERROR: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    private static int runUnits(UnitPlan plan, Path recordsFile, PrintStream out) throws IOException {
        OutputFormat jmh = OutputFormatFactory.createFormatInstance(out, VerboseMode.NORMAL);
        UnitOutput output = new UnitOutput(jmh);
        HostFacts host = HostFacts.local();
        long pid = ProcessHandle.current().pid();
        Map<String, ForkMerge> merges = new LinkedHashMap<>();
        plan.runs().forEach(r -> merges.put(r.label(), new ForkMerge()));
        List<ForkRecord> records = new ArrayList<>();
        int failed = 0;
        List<UnitPlan.Unit> units = plan.units();
        for (int i = 0; i < units.size(); i++) {
            UnitPlan.Unit unit = units.get(i);
            Collection<RunResult> results = new ArrayList<>();
            ForkRecord record = runUnit(plan, i, output, host, pid, out, results);
            if (!record.ran()) {
                failed++;
            }
            merges.get(unit.run()).add(results);
            records.add(record);
        }
        List<RunResult> all = new ArrayList<>();
        for (UnitPlan.Run run : plan.runs()) {
            ForkMerge merge = merges.get(run.label());
            if (merge.isEmpty()) {
                continue;
            }
            Map<String, List<String>> values = CellSelector.of(run.jmhArgs()).params();
            List<RunResult> cells = merge.merged((key, value) -> {
                List<String> given = values.get(key);
                return given == null ? 0 : Math.max(0, given.indexOf(value));
            });
            write(cells, Path.of(run.resultFile()));
            all.addAll(cells);
        }
        Path temp = recordsFile.resolveSibling(recordsFile.getFileName() + ".tmp");
        JSON.writeValue(temp.toFile(), records);
        Files.move(temp, recordsFile, StandardCopyOption.REPLACE_EXISTING);
        if (!all.isEmpty()) {
            output.close(all);
        }
        return failed == 0 ? 0 : SOME_FAILED;
    }

    /**
     * Runs unit {@code index} of the plan as its own single-fork JMH run, adding its results to {@code results}.
     *
     * @return the unit's record: what it ran, the host's readings around it, and why it failed if it did
     */
    private static ForkRecord runUnit(
            UnitPlan plan,
            int index,
            UnitOutput output,
            HostFacts host,
            long pid,
            PrintStream out,
            Collection<RunResult> results) {
        List<UnitPlan.Unit> units = plan.units();
        UnitPlan.Unit unit = units.get(index);
        out.println(String.format(
                Locale.ROOT,
                "%s%d/%d: %s %s, fork %d of %d",
                UNIT_LINE,
                index + 1,
                units.size(),
                unit.run(),
                unit.paramText(),
                unit.fork(),
                unit.forks()));
        HostReading before = HostReading.now(host, pid);
        String failure = "";
        try {
            results.addAll(new Runner(UnitOptions.of(plan.run(unit.run()), unit), output).run());
            if (results.isEmpty()) {
                failure = "JMH produced no result (the benchmark failed: see its output)";
            }
        } catch (RunnerException | RuntimeException e) {
            failure = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
            out.println("ERROR: unit " + (index + 1) + " failed: " + failure);
        }
        HostReading after = HostReading.now(host, pid);
        return before.record(index + 1, unit, ForkMerge.cellKeys(results), after, failure);
    }

    /** JMH's JSON of these cells, through a temporary file so that it is never half-written. */
    private static void write(List<RunResult> cells, Path file) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        ResultFormatFactory.getInstance(ResultFormatType.JSON, temp.toString()).writeOut(cells);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
    }
}
