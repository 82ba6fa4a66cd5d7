package dev.iolab.bench.report;

import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.section.SectionContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * "Java ÷ native" for one benchmark: which native row, measured in the same run, is the ceiling of each Java row, and
 * the column of the ratios. A benchmark's implementations are the values of one parameter (its {@link #dimension()},
 * e.g. {@code strategy}); those starting with {@value #NATIVE_PREFIX} are the native rows, libc through FFM. Each
 * section defines its own mapping (see {@link #of(BenchmarkResult, List, SectionContext)}); "faster" and "best" are
 * by the cells' times. A ceiling is always a cell measured alike, in the same run (see
 * {@link SectionContext#measuredAlike}): a ratio to a cell of another run would carry that run's host as well.
 */
public abstract class NativeCeilings {

    public static final String NATIVE_PREFIX = "NATIVE";

    /**
     * One ceiling of a Java row.
     *
     * @param label how the column names it: {@code NATIVE_8K}, {@code best native: NATIVE_SENDFILE}
     * @param row   the native row
     */
    public record Ceiling(String label, BenchmarkResult row) {}

    private final String benchmark;
    private final String dimension;

    /**
     * @param benchmark the fully-qualified benchmark method
     * @param dimension the parameter that names the implementation
     */
    protected NativeCeilings(String benchmark, String dimension) {
        this.benchmark = benchmark;
        this.dimension = dimension;
    }

    /** Every Java row ÷ the native row {@code ceiling} with the same other parameters. */
    public static NativeCeilings sameParameters(String benchmark, String dimension, Enum<?> ceiling) {
        return new NativeCeilings(benchmark, dimension) {
            @Override
            protected List<Ceiling> ceilings(BenchmarkResult javaRow, List<BenchmarkResult> all, SectionContext c) {
                return same(javaRow, all, ceiling.name()).map(this::ceiling).stream()
                        .collect(Collectors.toList());
            }
        };
    }

    /** The fully-qualified benchmark method whose rows these are. */
    public String benchmark() {
        return benchmark;
    }

    /** The parameter that names the implementation, e.g. {@code strategy}. */
    public String dimension() {
        return dimension;
    }

    /** Whether this is a native row of this benchmark. */
    public boolean isNative(BenchmarkResult r) {
        String value = r.param(dimension);
        return r.benchmark().equals(benchmark) && value != null && value.startsWith(NATIVE_PREFIX);
    }

    /**
     * The native rows {@code javaRow} is divided by; empty for native rows, for rows without the dimension and when
     * the run has no matching native row measured alike.
     *
     * @param all every timed row of the benchmark in the run
     */
    public final List<Ceiling> of(BenchmarkResult javaRow, List<BenchmarkResult> all, SectionContext context) {
        if (!javaRow.benchmark().equals(benchmark) || isNative(javaRow) || javaRow.param(dimension) == null) {
            return List.of();
        }
        List<BenchmarkResult> alike =
                all.stream().filter(r -> context.measuredAlike(javaRow, r)).collect(Collectors.toList());
        return ceilings(javaRow, alike, context);
    }

    /** The mapping: the ceilings of a Java row of this benchmark. */
    protected abstract List<Ceiling> ceilings(
            BenchmarkResult javaRow, List<BenchmarkResult> all, SectionContext context);

    /**
     * The {@code Java ÷ native} column of a table of every cell, when one of its rows is native or has a ceiling
     * somewhere in the run (a group may lack its own native row); none otherwise.
     */
    public List<SectionContext.Column> column(
            List<BenchmarkResult> rows, List<BenchmarkResult> all, SectionContext context) {
        boolean any =
                rows.stream().anyMatch(r -> isNative(r) || !of(r, all, context).isEmpty());
        return any
                ? List.of(new SectionContext.Column("Java ÷ native", r -> javaOverNative(r, all, context)))
                : List.of();
    }

    /**
     * {@code ÷ NATIVE_8K ×1.52 [1.48–1.57]} per ceiling, {@code (native)} for a native row, {@code – (its native row
     * is of another run)} when the only native rows of its kind were not measured alike.
     */
    String javaOverNative(BenchmarkResult r, List<BenchmarkResult> all, SectionContext context) {
        if (isNative(r)) {
            return "(native)";
        }
        List<Ceiling> ceilings = of(r, all, context);
        if (ceilings.isEmpty()) {
            boolean elsewhere = r.benchmark().equals(benchmark)
                    && r.param(dimension) != null
                    && !ceilings(r, all, context).isEmpty();
            return elsewhere ? Figures.NONE + " (its native row is of another run)" : Figures.NONE;
        }
        return ceilings.stream()
                .map(c -> "÷ " + c.label() + " " + context.ratio(r, c.row()))
                .collect(Collectors.joining("<br>"));
    }

    /** The ceiling {@code r}, named by its implementation. */
    protected Ceiling ceiling(BenchmarkResult r) {
        return new Ceiling(r.param(dimension), r);
    }

    /** The row of {@code all} whose implementation is {@code value} and whose other parameters are {@code row}'s. */
    protected Optional<BenchmarkResult> same(BenchmarkResult row, List<BenchmarkResult> all, String value) {
        return sameExcept(row, all, dimension).stream()
                .filter(r -> value.equals(r.param(dimension)))
                .findFirst();
    }

    /** The rows of {@code all} (same benchmark and mode) whose parameters other than {@code except} are {@code row}'s. */
    protected static List<BenchmarkResult> sameExcept(
            BenchmarkResult row, List<BenchmarkResult> all, String... except) {
        Map<String, String> key = row.paramsWithout(except);
        return all.stream()
                .filter(r -> r.benchmark().equals(row.benchmark()) && r.mode().equals(row.mode()))
                .filter(r -> r.paramsWithout(except).equals(key))
                .collect(Collectors.toList());
    }

    /** The row with the lowest time. */
    protected static Optional<BenchmarkResult> fastest(SectionContext context, Stream<BenchmarkResult> rows) {
        return rows.min(Comparator.comparingDouble(context::time));
    }

    /** The values of these enum constants, for filters. */
    protected static List<String> names(Enum<?>... values) {
        List<String> names = new ArrayList<>();
        for (Enum<?> v : values) {
            names.add(v.name());
        }
        return names;
    }
}
