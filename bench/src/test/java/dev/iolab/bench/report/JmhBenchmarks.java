package dev.iolab.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * JMH's list of this module's benchmarks, as {@code -lp} prints it: {@code META-INF/BenchmarkList}, which JMH's
 * annotation processor writes. Names that reports and profiles mention are checked against it, so that renaming a
 * benchmark or a {@code @Param} fails a test instead of emptying a report.
 */
public final class JmhBenchmarks {

    /** Benchmark method → its parameters and their default values. */
    private final Map<String, Map<String, List<String>>> benchmarks = new TreeMap<>();

    private final Map<String, String> classes = new TreeMap<>();

    private JmhBenchmarks(List<BenchmarkListEntry> entries) {
        for (BenchmarkListEntry entry : entries) {
            Map<String, List<String>> params = new TreeMap<>();
            entry.getParams().orElse(Map.of()).forEach((name, values) -> params.put(name, Arrays.asList(values)));
            benchmarks.put(entry.getUsername(), params);
            classes.put(entry.getUsername(), entry.getUserClassQName());
        }
    }

    /** The list on this classpath. */
    public static JmhBenchmarks onClasspath() {
        try (InputStream in = JmhBenchmarks.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            if (in == null) {
                throw new IllegalStateException("No " + BenchmarkList.BENCHMARK_LIST + " on the classpath: is the"
                        + " bench module compiled with JMH's annotation processor?");
            }
            return new JmhBenchmarks(BenchmarkList.readBenchmarkList(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every benchmark method, fully qualified. */
    public List<String> names() {
        return List.copyOf(benchmarks.keySet());
    }

    /** The parameters of a benchmark method; empty when there is no such benchmark. */
    public Optional<Map<String, List<String>>> parameters(String benchmark) {
        return Optional.ofNullable(benchmarks.get(benchmark));
    }

    /** The benchmarks a JMH include pattern selects (a regular expression found anywhere in the name). */
    public List<String> matching(String include) {
        Pattern pattern = Pattern.compile(include);
        return benchmarks.keySet().stream()
                .filter(b -> pattern.matcher(b).find())
                .collect(Collectors.toList());
    }

    /**
     * The values a parameter may take when its field is an enum (its constants); empty for other types, whose
     * values JMH converts at run time.
     */
    public Optional<List<String>> enumValues(String benchmark, String parameter) {
        try {
            Field field = Class.forName(classes.get(benchmark)).getField(parameter);
            Object[] constants = field.getType().getEnumConstants();
            return constants == null
                    ? Optional.empty()
                    : Optional.of(Arrays.stream(constants)
                            .map(c -> ((Enum<?>) c).name())
                            .toList());
        } catch (ReflectiveOperationException e) {
            return Optional.empty();
        }
    }
}
