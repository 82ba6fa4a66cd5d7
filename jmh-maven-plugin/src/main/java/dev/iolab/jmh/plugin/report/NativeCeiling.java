package dev.iolab.jmh.plugin.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * "Java ÷ native": which native row, measured in the same run, is the ceiling of each Java row. The whole mapping
 * lives here (CONTRACTS.md):
 *
 * <ul>
 *   <li>copy strategies ÷ {@code NATIVE_8K} at the same size, sync and source cache;
 *   <li>copy methods: {@code STREAM_4K} ÷ {@code NATIVE_READ_WRITE_4K}; {@code CHANNEL_*}, which move 64 kB per call,
 *       ÷ {@code NATIVE_READ_WRITE_64K} (÷ the 4 kB loop when the run has no 64 kB one); {@code TRANSFER_TO},
 *       {@code FILES_COPY} ÷ the faster of {@code NATIVE_SENDFILE} and {@code NATIVE_COPY_FILE_RANGE}; {@code MMAP}
 *       ÷ {@code NATIVE_READ_WRITE_4K} and ÷ the best native method; any other Java method ÷ the best native method
 *       (same size, sync, source cache);
 *   <li>write buffers: every writer ÷ {@code NATIVE_WRITE} at the same buffer size;
 *   <li>walkers ÷ {@code NATIVE} at the same threads, cache and tree, and ÷ the best {@code NATIVE} at any thread
 *       count (same cache and tree); {@code NATIVE} ignores the Java walkers' {@code listing}, so that is not matched.
 * </ul>
 * "Faster" and "best" are by median. Rows whose value starts with {@code NATIVE} are the native rows.
 */
final class NativeCeiling {

    static final String NATIVE_PREFIX = "NATIVE";

    /** How the Java walkers read entries; the native walker has its own way and ignores it. */
    private static final String WALK_LISTING = "listing";

    /**
     * One ceiling of a Java row.
     *
     * @param label  how the column names it: {@code NATIVE_8K}, {@code best native: NATIVE_SENDFILE}
     * @param row    the native row
     */
    record Ceiling(String label, BenchmarkResult row) {}

    /** The dimension that tells Java and native rows apart, per benchmark. */
    private static final Map<String, String> DIMENSION = Map.of(
            CopySection.BENCHMARK, "strategy",
            ZeroCopySection.BENCHMARK, "method",
            WriteBufferSection.BENCHMARK, "writer",
            WalkSection.BENCHMARK, "walker");

    private NativeCeiling() {}

    /** The parameter that names the implementation in this benchmark, or null when it has no native rows. */
    static String dimension(String benchmark) {
        return DIMENSION.get(benchmark);
    }

    static boolean isNative(BenchmarkResult r) {
        String dim = dimension(r.benchmark());
        return dim != null && r.param(dim) != null && r.param(dim).startsWith(NATIVE_PREFIX);
    }

    /**
     * The native rows {@code javaRow} is divided by; empty for native rows, for benchmarks without native rows and
     * when the run has no matching native row.
     *
     * @param all every timed row of the same benchmark in the run
     */
    static List<Ceiling> of(BenchmarkResult javaRow, List<BenchmarkResult> all, CellStatistics stats) {
        String dim = dimension(javaRow.benchmark());
        if (dim == null || isNative(javaRow) || javaRow.param(dim) == null) {
            return List.of();
        }
        String value = javaRow.param(dim);
        List<Ceiling> ceilings = new ArrayList<>();
        switch (javaRow.benchmark()) {
            case CopySection.BENCHMARK -> same(javaRow, all, dim, "NATIVE_8K").ifPresent(r -> ceilings.add(of(r, dim)));
            case WriteBufferSection.BENCHMARK ->
                same(javaRow, all, dim, "NATIVE_WRITE").ifPresent(r -> ceilings.add(of(r, dim)));
            case ZeroCopySection.BENCHMARK -> {
                if (value.startsWith("CHANNEL_")) {
                    same(javaRow, all, dim, "NATIVE_READ_WRITE_64K")
                            .or(() -> same(javaRow, all, dim, "NATIVE_READ_WRITE_4K"))
                            .ifPresent(r -> ceilings.add(of(r, dim)));
                } else if (value.equals("STREAM_4K") || value.equals("MMAP")) {
                    same(javaRow, all, dim, "NATIVE_READ_WRITE_4K").ifPresent(r -> ceilings.add(of(r, dim)));
                }
                if (value.equals("TRANSFER_TO") || value.equals("FILES_COPY")) {
                    fastest(
                                    stats,
                                    sameExcept(javaRow, all, dim).stream()
                                            .filter(r -> List.of("NATIVE_SENDFILE", "NATIVE_COPY_FILE_RANGE")
                                                    .contains(r.param(dim))))
                            .ifPresent(r -> ceilings.add(of(r, dim)));
                } else if (!value.equals("STREAM_4K") && !value.startsWith("CHANNEL_")) {
                    fastest(stats, sameExcept(javaRow, all, dim).stream().filter(NativeCeiling::isNative))
                            .ifPresent(r -> ceilings.add(new Ceiling("best native: " + r.param(dim), r)));
                }
            }
            case WalkSection.BENCHMARK -> {
                sameExcept(javaRow, all, dim, WALK_LISTING).stream()
                        .filter(r -> "NATIVE".equals(r.param(dim)))
                        .findFirst()
                        .ifPresent(r -> ceilings.add(of(r, dim)));
                fastest(
                                stats,
                                sameExcept(javaRow, all, dim, "threads", WALK_LISTING).stream()
                                        .filter(r -> "NATIVE".equals(r.param(dim))))
                        .ifPresent(
                                r -> ceilings.add(new Ceiling("best NATIVE: " + r.param("threads") + " threads", r)));
            }
            default -> {}
        }
        return ceilings;
    }

    private static Ceiling of(BenchmarkResult r, String dim) {
        return new Ceiling(r.param(dim), r);
    }

    /** The row of {@code all} with {@code dim = value} and every other parameter as {@code row}'s. */
    private static Optional<BenchmarkResult> same(
            BenchmarkResult row, List<BenchmarkResult> all, String dim, String value) {
        return sameExcept(row, all, dim).stream()
                .filter(r -> value.equals(r.param(dim)))
                .findFirst();
    }

    /** The rows of {@code all} whose parameters other than {@code except} equal {@code row}'s. */
    private static List<BenchmarkResult> sameExcept(BenchmarkResult row, List<BenchmarkResult> all, String... except) {
        Map<String, String> key = row.paramsWithout(except);
        return all.stream()
                .filter(r -> r.benchmark().equals(row.benchmark()) && r.mode().equals(row.mode()))
                .filter(r -> r.paramsWithout(except).equals(key))
                .collect(Collectors.toList());
    }

    private static Optional<BenchmarkResult> fastest(
            CellStatistics stats, java.util.stream.Stream<BenchmarkResult> rows) {
        return rows.min(Comparator.comparingDouble(r -> stats.of(r).median().value()));
    }
}
