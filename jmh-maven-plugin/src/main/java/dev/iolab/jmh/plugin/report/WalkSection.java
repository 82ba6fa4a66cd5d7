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
    private static final List<String> WALKERS = List.of(BASELINE_WALKER, "FIXED_POOL", "FORK_JOIN", "VIRTUAL_THREADS");

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
        out.append("Sums the sizes of all files of a generated tree with each walker and thread count. " + "JMH: ")
                .append(settings(results))
                .append(". ± is JMH's 99.9 % confidence interval. "
                        + "Speed-up: the walker's time with 1 thread ÷ its time with N (for a walker without a 1-thread run, "
                        + "single-threaded `WALK_FILE_TREE`'s time).\n\n");
        Optional<PublishedTable> published = context.published("directory-walk.csv", "threads", "device", "seconds");
        Map<String, List<BenchmarkResult>> groups = results.stream()
                .collect(Collectors.groupingBy(WalkSection::groupKey, TreeMap::new, Collectors.toList()));
        int index = 0;
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            index++;
            if (groups.size() > 1 || !group.getKey().isEmpty()) {
                out.append("### ")
                        .append(group.getKey().isEmpty() ? "All runs" : group.getKey())
                        .append("\n\n");
            }
            writeGroup(
                    group.getValue(), published, context, out, groups.size() == 1 ? "" : "-" + index, group.getKey());
        }
        if (published.isPresent()) {
            writePublished(published.get(), out);
        }
    }

    /** Everything but walker and threads: the cache state and the tree's parameters. */
    private static String groupKey(BenchmarkResult r) {
        Map<String, String> rest = new TreeMap<>(r.params());
        rest.remove("walker");
        rest.remove("threads");
        String cache = rest.remove("cache");
        List<String> parts = new ArrayList<>();
        if (cache != null) {
            parts.add("cache " + cache);
        }
        rest.forEach((k, v) -> {
            if (v != null && !v.isBlank()) {
                parts.add(k + " " + v);
            }
        });
        return String.join(", ", parts);
    }

    private void writeGroup(
            List<BenchmarkResult> results,
            Optional<PublishedTable> published,
            ReportContext context,
            StringBuilder out,
            String suffix,
            String label)
            throws IOException {
        List<Integer> threads = distinct(results, r -> intParam(r, "threads"), Comparator.<Integer>naturalOrder());
        List<String> walkers = distinct(results, r -> r.param("walker"), knownOrder(WALKERS));
        double maxMs =
                results.stream().mapToDouble(BenchmarkResult::millisPerOp).max().orElse(0);
        boolean seconds = maxMs >= 10_000;
        double scale = seconds ? 1e-3 : 1;
        String unit = seconds ? "s" : "ms";

        List<String> header = new ArrayList<>(List.of("threads"));
        header.addAll(walkers);
        Text.Table time = new Text.Table(header);
        List<String> speedHeader = new ArrayList<>(header);
        // The original walked a cold cache (it rebooted before every run): its speed-ups only compare with cold ones.
        boolean cold = results.stream().allMatch(r -> "COLD".equalsIgnoreCase(r.param("cache")));
        Map<Integer, Double> publishedSpeedUp = cold ? publishedNvmeSpeedUp(published) : Map.of();
        if (!publishedSpeedUp.isEmpty()) {
            speedHeader.add("published NVMe speed-up");
        }
        Text.Table speedUp = new Text.Table(speedHeader);
        Charts.Series series = new Charts.Series();
        Map<String, Double> baselines = new LinkedHashMap<>();
        for (String walker : walkers) {
            baselines.put(walker, baseline(results, walker));
        }
        for (int n : threads) {
            List<String> t = new ArrayList<>(List.of(String.valueOf(n)));
            List<String> s = new ArrayList<>(List.of(String.valueOf(n)));
            for (String walker : walkers) {
                Optional<BenchmarkResult> r = find(results, "threads", String.valueOf(n), "walker", walker);
                t.add(r.map(x -> Text.withError(x.millisPerOp() * scale, x.millisPerOpError() * scale))
                        .orElse(Text.NONE));
                s.add(r.map(x -> Text.times(baselines.get(walker) / x.millisPerOp()))
                        .orElse(Text.NONE));
                boolean single = results.stream()
                                .filter(x -> walker.equals(x.param("walker")))
                                .count()
                        == 1;
                r.filter(x -> !single || threads.size() == 1)
                        .ifPresent(x -> series.add(walker, n, x.millisPerOp() * scale));
            }
            if (!publishedSpeedUp.isEmpty()) {
                s.add(publishedSpeedUp.containsKey(n) ? Text.times(publishedSpeedUp.get(n)) : Text.NONE);
            }
            time.row(t);
            speedUp.row(s);
        }
        // A walker measured at one thread count only (WALK_FILE_TREE ignores threads) is drawn as a flat reference.
        for (String walker : walkers) {
            List<BenchmarkResult> own = results.stream()
                    .filter(r -> walker.equals(r.param("walker")))
                    .collect(Collectors.toList());
            if (own.size() == 1 && threads.size() > 1) {
                double value = own.get(0).millisPerOp() * scale;
                series.add(walker + " (one thread)", threads.get(0), value);
                series.add(walker + " (one thread)", threads.get(threads.size() - 1), value);
            }
        }
        out.append("**Time per walk (")
                .append(unit)
                .append(")**\n\n")
                .append(time.render())
                .append('\n');
        out.append("**Speed-up over 1 thread**\n\n").append(speedUp.render()).append('\n');
        String title = "Directory walk" + (label.isEmpty() ? "" : " (" + label + ")");
        out.append(context.chart(
                        Charts.line(
                                title,
                                Charts.Axis.log("threads (log scale)", 2),
                                Charts.Axis.linear(unit + " per walk"),
                                series),
                        "walk" + suffix + ".png",
                        "Time per walk vs threads per walker"))
                .append('\n');
    }

    /** The walker's own 1-thread time, else the single-threaded walker's time at its fewest threads. */
    private static double baseline(List<BenchmarkResult> results, String walker) {
        Optional<BenchmarkResult> own = find(results, "threads", "1", "walker", walker);
        if (own.isPresent()) {
            return own.get().millisPerOp();
        }
        return results.stream()
                .filter(r -> BASELINE_WALKER.equals(r.param("walker")))
                .min(Comparator.comparing(r -> intParam(r, "threads"), Comparator.nullsLast(Comparator.naturalOrder())))
                .map(BenchmarkResult::millisPerOp)
                .orElse(Double.NaN);
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
        out.append(
                        "**Published figures** (the original's tree of 2,835,154 files on other devices, cold cache: compare "
                                + "speed-ups, not times)\n\n")
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
