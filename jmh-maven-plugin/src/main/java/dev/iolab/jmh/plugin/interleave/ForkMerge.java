package dev.iolab.jmh.plugin.interleave;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntBiFunction;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.WorkloadParams;

/**
 * Joins the single-fork results of a cell's units into one JMH result of all its forks, in JMH's own terms: a
 * {@link RunResult} of every fork's {@link BenchmarkResult}, in fork order, whose parameters say how many forks it
 * has. JMH then aggregates it and writes it exactly as it writes a run of {@code -f k}: every fork's iterations in
 * {@code rawData}, the score over all of them, secondary metrics alike.
 */
final class ForkMerge {

    private final Map<String, List<RunResult>> byCell = new LinkedHashMap<>();

    /** Adds the results of one unit (one fork; one result per cell the unit produced). */
    void add(Collection<RunResult> unit) {
        for (RunResult r : unit) {
            byCell.computeIfAbsent(key(r.getParams()), k -> new ArrayList<>()).add(r);
        }
    }

    /** Whether no unit produced a result. */
    boolean isEmpty() {
        return byCell.isEmpty();
    }

    /** The cell keys (as the report names cells: {@code benchmark [mode] params}) one unit's results carry. */
    static List<String> cellKeys(Collection<RunResult> unit) {
        List<String> keys = new ArrayList<>();
        unit.forEach(r -> keys.add(key(r.getParams())));
        return keys;
    }

    /**
     * Every cell with all its forks, in JMH's order of cells (mode, benchmark, parameters).
     *
     * @param order the position of a parameter's value among the run's values (JMH sorts cells by it)
     */
    List<RunResult> merged(ToIntBiFunction<String, String> order) {
        List<RunResult> cells = new ArrayList<>();
        for (List<RunResult> forks : byCell.values()) {
            List<BenchmarkResult> all = new ArrayList<>();
            forks.forEach(f -> all.addAll(f.getBenchmarkResults()));
            cells.add(new RunResult(withForks(forks.get(0).getParams(), all.size(), order), all));
        }
        cells.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        return cells;
    }

    /** {@code params} of a single-fork unit, saying {@code forks} forks. */
    static BenchmarkParams withForks(BenchmarkParams params, int forks, ToIntBiFunction<String, String> order) {
        WorkloadParams workload = new WorkloadParams();
        for (String key : params.getParamsKeys()) {
            String value = params.getParam(key);
            workload.put(key, value, order.applyAsInt(key, value));
        }
        return new BenchmarkParams(
                params.getBenchmark(),
                params.generatedBenchmark(),
                params.shouldSynchIterations(),
                params.getThreads(),
                params.getThreadGroups(),
                params.getThreadGroupLabels(),
                forks,
                params.getWarmupForks(),
                params.getWarmup(),
                params.getMeasurement(),
                params.getMode(),
                workload,
                params.getTimeUnit(),
                params.getOpsPerInvocation(),
                params.getJvm(),
                params.getJvmArgs(),
                params.getJdkVersion(),
                params.getVmName(),
                params.getVmVersion(),
                params.getJmhVersion(),
                params.getTimeout());
    }

    /** {@code benchmark [mode] a=1, b=2}: the key the report gives a cell. */
    static String key(BenchmarkParams params) {
        Map<String, String> sorted = new TreeMap<>();
        params.getParamsKeys().forEach(k -> sorted.put(k, params.getParam(k)));
        StringBuilder text = new StringBuilder();
        sorted.forEach((k, v) -> text.append(text.length() == 0 ? "" : ", ")
                .append(k)
                .append('=')
                .append(v));
        return params.getBenchmark() + " [" + params.getMode().shortLabel() + "] " + text;
    }
}
