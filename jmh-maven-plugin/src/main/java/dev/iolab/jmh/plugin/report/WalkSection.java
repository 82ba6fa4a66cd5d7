package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Parallel directory walk ({@code DirectoryWalkBenchmark}): time vs threads per walker, one table and chart per
 * cache state (and tree), speed-up over one thread, and the published table beside ours.
 */
final class WalkSection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.walk.DirectoryWalkBenchmark.walk";
    static final String BASELINE_WALKER = "WALK_FILE_TREE";
    private static final List<String> WALKERS =
            List.of(BASELINE_WALKER, "FIXED_POOL", "FORK_JOIN", "VIRTUAL_THREADS", "NATIVE");

    @Override
    String title() {
        return "4. Parallel directory walk (`DirectoryWalkBenchmark`)";
    }

    @Override
    String benchmark() {
        return BENCHMARK;
    }

    @Override
    String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"DirectoryWalkBenchmark\"";
    }

    @Override
    void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out)
            throws IOException, ReportException {
        List<BenchmarkResult> timed = timedRuns(results);
        out.append("Sums the sizes of all regular files of a generated tree with each walker and thread count; NATIVE "
                        + "walks with libc `openat`/`getdents64`/`fstatat` relative to each directory's descriptor, the "
                        + "ceiling of the Java walkers. One operation is one whole walk (single shot). JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are medians of all measured walks. Speed-up: the walker's median time with 1 thread "
                        + "÷ its time with N (for a walker without a 1-thread cell, single-threaded `WALK_FILE_TREE`'s), "
                        + "with the ratio's 95 % interval.\n\n");
        Optional<PublishedTable> published = context.published("directory-walk.csv", "threads", "device", "seconds");
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, "walker", "threads");
        int index = 0;
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            index++;
            String label = group.getKey().isEmpty()
                    ? conditionLabel(group.getValue().get(0).paramsWithout("walker", "threads"))
                    : group.getKey();
            if (!label.isEmpty()) {
                out.append("### ").append(label).append("\n\n");
            }
            writeGroup(group.getValue(), timed, published, context, out, groups.size() == 1 ? "" : "-" + index);
        }
        if (published.isPresent()) {
            writePublished(published.get(), out);
        }
    }

    private void writeGroup(
            List<BenchmarkResult> results,
            List<BenchmarkResult> all,
            Optional<PublishedTable> published,
            ReportContext context,
            StringBuilder out,
            String suffix)
            throws IOException {
        CellStatistics stats = context.stats();
        List<Integer> threads = distinct(results, r -> intParam(r, "threads"), Comparator.<Integer>naturalOrder());
        List<String> threadKeys = threads.stream().map(String::valueOf).collect(Collectors.toList());
        List<String> walkers = distinct(results, r -> r.param("walker"), knownOrder(WALKERS));
        double maxMs = results.stream()
                .mapToDouble(r -> stats.of(r).median().value())
                .max()
                .orElse(0);
        boolean seconds = maxMs >= 10_000;
        double scale = seconds ? 1e-3 : 1;
        String unit = seconds ? "s" : "ms";
        boolean cold = results.stream().allMatch(r -> "COLD".equalsIgnoreCase(r.param("cache")));

        out.append("**Median time per walk (")
                .append(unit)
                .append(")**\n\n")
                .append(medianTable(
                        "threads",
                        threadKeys,
                        walkers,
                        (n, w) -> find(results, "threads", n, "walker", w),
                        context,
                        scale))
                .append('\n');

        List<String> speedHeader = new ArrayList<>(List.of("threads"));
        speedHeader.addAll(walkers);
        // The original walked a cold cache (it rebooted before every run): its speed-ups only compare with cold ones.
        Map<Integer, Double> publishedSpeedUp = cold ? publishedNvmeSpeedUp(published) : Map.of();
        if (!publishedSpeedUp.isEmpty()) {
            speedHeader.add("published NVMe speed-up");
        }
        Text.Table speedUp = new Text.Table(speedHeader);
        Map<String, Optional<BenchmarkResult>> baselines = new LinkedHashMap<>();
        for (String walker : walkers) {
            baselines.put(walker, baseline(results, walker));
        }
        for (int n : threads) {
            List<String> s = new ArrayList<>(List.of(String.valueOf(n)));
            for (String walker : walkers) {
                Optional<BenchmarkResult> r = find(results, "threads", String.valueOf(n), "walker", walker);
                Optional<BenchmarkResult> base = baselines.get(walker);
                s.add(
                        r.isPresent() && base.isPresent()
                                ? (r.get() == base.get() ? "×1" : Text.ratio(stats.ratio(base.get(), r.get())))
                                : Text.NONE);
            }
            if (!publishedSpeedUp.isEmpty()) {
                s.add(publishedSpeedUp.containsKey(n) ? Text.times(publishedSpeedUp.get(n)) : Text.NONE);
            }
            speedUp.row(s);
        }
        out.append("**Speed-up over 1 thread**\n\n").append(speedUp.render()).append('\n');

        List<BenchmarkResult> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparing(
                        (BenchmarkResult r) -> intParam(r, "threads"), Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(r -> r.param("walker"), knownOrder(WALKERS)));
        out.append("**Every cell** (time per walk)\n\n")
                .append(cellTable(
                        ordered,
                        List.of("threads", "walker"),
                        r -> List.of(r.param("threads"), r.param("walker")),
                        context,
                        scale,
                        unit,
                        all))
                .append('\n');
        if (cold) {
            out.append(coldNote(context)).append("\n\n");
        }

        Charts.Series series = new Charts.Series();
        for (String walker : walkers) {
            List<BenchmarkResult> own = results.stream()
                    .filter(r -> walker.equals(r.param("walker")))
                    .collect(Collectors.toList());
            if (own.size() == 1 && threads.size() > 1) {
                // A walker measured at one thread count only (WALK_FILE_TREE ignores threads): a flat reference.
                double value = stats.of(own.get(0)).median().value() * scale;
                series.add(walker + " (one thread)", threads.get(0), value);
                series.add(walker + " (one thread)", threads.get(threads.size() - 1), value);
            } else {
                own.forEach(r -> series.add(
                        walker, intParam(r, "threads"), stats.of(r).median().value() * scale));
            }
        }
        out.append(context.chart(
                        Charts.line(
                                "Directory walk"
                                        + (suffix.isEmpty()
                                                ? ""
                                                : " ("
                                                        + conditionLabel(
                                                                results.get(0).paramsWithout("walker", "threads"))
                                                        + ")"),
                                Charts.Axis.log("threads (log scale)", 2),
                                Charts.Axis.linear(unit + " per walk (median)"),
                                series),
                        "walk" + suffix + ".png",
                        "Median time per walk vs threads per walker"))
                .append('\n');
    }

    /** What "cold" meant on this machine: in a VM, drop_caches empties the guest's cache only. */
    static String coldNote(ReportContext context) {
        Optional<Virtualization> v = context.environment().map(Environment::virtualization);
        if (v.isEmpty()) {
            return "*Cold cache: `sync` and `drop_caches` before every walk. Whether this machine is a virtual machine was "
                    + "not recorded; in one, drop_caches empties the guest's page cache only, and the host's may still "
                    + "serve the reads.*";
        }
        if (v.get().virtualMachine()) {
            return "*Cold cache: `sync` and `drop_caches` before every walk. This machine is a virtual machine ("
                    + v.get().hypervisor() + "): drop_caches emptied the guest's page cache only, and the host's may "
                    + "still have served the reads, so these cold walks may be faster than a cold walk on bare metal.*";
        }
        return "*Cold cache: `sync` and `drop_caches` before every walk (no hypervisor detected: "
                + v.get().describe() + ").*";
    }

    /** The walker's own 1-thread cell, else the single-threaded walker's cell at its fewest threads. */
    private static Optional<BenchmarkResult> baseline(List<BenchmarkResult> results, String walker) {
        Optional<BenchmarkResult> own = find(results, "threads", "1", "walker", walker);
        if (own.isPresent()) {
            return own;
        }
        return results.stream()
                .filter(r -> BASELINE_WALKER.equals(r.param("walker")))
                .min(Comparator.comparing(
                        r -> intParam(r, "threads"), Comparator.nullsLast(Comparator.naturalOrder())));
    }

    private static Map<Integer, Double> publishedNvmeSpeedUp(Optional<PublishedTable> published) {
        Map<Integer, Double> speedUp = new TreeMap<>();
        if (published.isEmpty()) {
            return speedUp;
        }
        Map<Integer, Double> nvme = new TreeMap<>();
        published.get().rows().stream()
                .filter(r -> "NVMe".equals(r.get("device")))
                .forEach(r -> nvme.put(Integer.valueOf(r.get("threads")), PublishedTable.number(r, "seconds")));
        Double one = nvme.get(1);
        if (one != null) {
            nvme.forEach((n, s) -> speedUp.put(n, one / s));
        }
        return speedUp;
    }

    private static void writePublished(PublishedTable published, StringBuilder out) {
        List<String> devices =
                published.rows().stream().map(r -> r.get("device")).distinct().collect(Collectors.toList());
        List<Integer> threads = published.rows().stream()
                .map(r -> Integer.valueOf(r.get("threads")))
                .distinct()
                .sorted()
                .collect(Collectors.toList());
        List<String> header = new ArrayList<>(List.of("threads"));
        devices.forEach(d -> header.add(d + " s (speed-up)"));
        Text.Table table = new Text.Table(header);
        for (int n : threads) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(n)));
            for (String device : devices) {
                double s = value(published, n, device);
                double one = value(published, 1, device);
                row.add(Text.num(s) + " (" + Text.times(one / s) + ")");
            }
            table.row(row);
        }
        out.append("**Published figures** (the original's tree of 2,835,154 files on other devices, cold cache: set "
                        + "beside our cold walks' speed-ups only; compare speed-ups, not times)\n\n")
                .append(table.render())
                .append('\n')
                .append(ReportContext.sourceNote(published))
                .append('\n');
    }

    private static double value(PublishedTable published, int threads, String device) {
        return published.rows().stream()
                .filter(r -> device.equals(r.get("device")) && Integer.parseInt(r.get("threads")) == threads)
                .mapToDouble(r -> PublishedTable.number(r, "seconds"))
                .findFirst()
                .orElse(Double.NaN);
    }

    private static Integer intParam(BenchmarkResult r, String name) {
        try {
            return Integer.valueOf(r.param(name));
        } catch (RuntimeException e) {
            return null;
        }
    }

    static String describeCache(List<BenchmarkResult> results) {
        return results.stream()
                .map(r -> r.param("cache"))
                .filter(c -> c != null)
                .distinct()
                .map(c -> c.toUpperCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
    }
}
