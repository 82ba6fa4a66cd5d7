package dev.iolab.bench.walk;

import static dev.iolab.bench.report.SectionSupport.conditionGroups;
import static dev.iolab.bench.report.SectionSupport.conditionLabel;
import static dev.iolab.bench.report.SectionSupport.distinct;
import static dev.iolab.bench.report.SectionSupport.find;
import static dev.iolab.bench.report.SectionSupport.intParam;
import static dev.iolab.bench.report.SectionSupport.knownOrder;
import static dev.iolab.bench.report.SectionSupport.settings;
import static dev.iolab.bench.report.SectionSupport.timeTable;

import dev.iolab.bench.report.Cells;
import dev.iolab.bench.report.NativeCeilings;
import dev.iolab.bench.report.PublishedTable;
import dev.iolab.bench.report.SectionSupport;
import dev.iolab.reporting.chart.LineChart;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.host.Virtualization;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The report's section on the parallel directory walk ({@link DirectoryWalkBenchmark}): time vs threads per walker,
 * one table and chart per cache state (and tree), the speed-up over one thread between cells measured alike in one
 * run, every walker ÷ the {@link WalkerKind#NATIVE} walker, and the published table beside ours.
 */
public final class WalkReportSection implements ReportSection {

    /** The benchmark method this section presents. */
    public static final String BENCHMARK = DirectoryWalkBenchmark.class.getName() + ".walk";

    /** The {@code @Param}s of {@link DirectoryWalkBenchmark} this section reads (a test checks them against JMH's list). */
    public static final String WALKER = "walker";

    public static final String THREADS = "threads";
    public static final String CACHE = "cache";
    /** How the Java walkers read entries; the native walker has its own way and ignores it. */
    static final String LISTING = "listing";

    static final List<String> PARAMETERS = List.of(WALKER, THREADS, CACHE, LISTING);

    /**
     * Walkers ÷ {@link WalkerKind#NATIVE} at the same threads, cache and tree, and ÷ the best {@code NATIVE} at any
     * thread count (same cache and tree); {@code NATIVE} ignores the Java walkers' {@code listing}, so that is not
     * matched.
     */
    public static final NativeCeilings CEILINGS = new NativeCeilings(BENCHMARK, WALKER) {
        @Override
        protected List<Ceiling> ceilings(BenchmarkResult javaRow, List<BenchmarkResult> all, SectionContext context) {
            List<Ceiling> ceilings = new ArrayList<>();
            String nativeWalker = WalkerKind.NATIVE.name();
            sameExcept(javaRow, all, WALKER, LISTING).stream()
                    .filter(r -> nativeWalker.equals(r.param(WALKER)))
                    .findFirst()
                    .ifPresent(r -> ceilings.add(ceiling(r)));
            fastest(
                            context,
                            sameExcept(javaRow, all, WALKER, THREADS, LISTING).stream()
                                    .filter(r -> nativeWalker.equals(r.param(WALKER))))
                    .ifPresent(r -> ceilings.add(new Ceiling("best NATIVE: " + r.param(THREADS) + " threads", r)));
            return ceilings;
        }
    };

    static final String BASELINE_WALKER = WalkerKind.WALK_FILE_TREE.name();
    private static final List<WalkerKind> WALKERS = List.of(
            WalkerKind.WALK_FILE_TREE,
            WalkerKind.FIXED_POOL,
            WalkerKind.FORK_JOIN,
            WalkerKind.VIRTUAL_THREADS,
            WalkerKind.NATIVE);

    /** Parameter values of conditions other than the benchmark's defaults: groups with more of them come later. */
    private static final Set<String> NON_DEFAULT = Set.of(CacheState.COLD.name());

    @Override
    public String title() {
        return "4. Parallel directory walk (`" + DirectoryWalkBenchmark.class.getSimpleName() + "`)";
    }

    @Override
    public Optional<String> benchmark() {
        return Optional.of(BENCHMARK);
    }

    @Override
    public String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"" + DirectoryWalkBenchmark.class.getSimpleName() + "\"";
    }

    /**
     * Two findings on the largest tree: in the page cache, what one thread walking with {@code walkFileTree} and the
     * other pools cost beside a fixed pool at the fewest threads more than one, and how close the pool comes to the
     * native walker ({@code parallel}); with the cache dropped, the pool beside the native walker ({@code cold}).
     */
    @Override
    public List<Finding> findings(List<BenchmarkResult> results, SectionContext context) {
        List<Finding> findings = new ArrayList<>();
        String pool = WalkerKind.FIXED_POOL.name();
        List<BenchmarkResult> warm = results.stream()
                .filter(r -> CacheState.WARM.name().equals(r.param(CACHE)))
                .filter(r -> r.param(LISTING) == null || Listing.RELATIVE.name().equals(r.param(LISTING)))
                .toList();
        fewestThreads(warm, pool)
                .flatMap(threads -> Cells.all(
                        warm,
                        List.of(
                                Map.of(WALKER, WalkerKind.WALK_FILE_TREE.name()),
                                Map.of(WALKER, WalkerKind.FORK_JOIN.name(), THREADS, threads),
                                Map.of(WALKER, WalkerKind.VIRTUAL_THREADS.name(), THREADS, threads),
                                Map.of(WALKER, pool, THREADS, threads),
                                Map.of(WALKER, WalkerKind.NATIVE.name(), THREADS, threads))))
                .ifPresent(cells -> findings.add(new Finding(
                        "parallel",
                        Cells.anchor(title()),
                        List.of(
                                Claim.between("single", cells.get(0), cells.get(3)),
                                Claim.between("forkJoin", cells.get(1), cells.get(3)),
                                Claim.between("virtual", cells.get(2), cells.get(3)),
                                Claim.between("kernel", cells.get(3), cells.get(4))),
                        Map.of(
                                "threads",
                                cells.get(3).param(THREADS),
                                "files",
                                Cells.count(cells.get(3).param("files"))))));
        List<BenchmarkResult> cold = results.stream()
                .filter(r -> CacheState.COLD.name().equals(r.param(CACHE)))
                .toList();
        fewestThreads(cold, pool)
                .flatMap(threads -> Cells.all(
                        cold,
                        List.of(
                                Map.of(WALKER, pool, THREADS, threads),
                                Map.of(WALKER, WalkerKind.NATIVE.name(), THREADS, threads))))
                .ifPresent(cells -> findings.add(new Finding(
                        "cold",
                        Cells.anchor(title()),
                        List.of(Claim.between("kernel", cells.get(0), cells.get(1))),
                        Map.of("threads", cells.get(0).param(THREADS)))));
        return findings;
    }

    /** The fewest threads above one at which {@code walker} was measured, as the parameter's text. */
    private static Optional<String> fewestThreads(List<BenchmarkResult> results, String walker) {
        return results.stream()
                .filter(r -> walker.equals(r.param(WALKER)))
                .map(r -> SectionSupport.intParam(r, THREADS))
                .filter(t -> t != null && t > 1)
                .sorted()
                .findFirst()
                .map(String::valueOf);
    }

    @Override
    public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out)
            throws IOException, ReportException {
        List<BenchmarkResult> timed = context.timed(results);
        out.append("Sums the sizes of all regular files of a generated tree with each walker and thread count; NATIVE "
                        + "walks with libc `openat`/`getdents64`/`fstatat` relative to each directory's descriptor, the "
                        + "ceiling of the Java walkers. One operation is one whole walk (single shot). JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are each cell's time (its forks' median walks, averaged over the forks). Speed-up: "
                        + "the walker's time with 1 thread ÷ its time with N (for a walker without a 1-thread cell, "
                        + "single-threaded `WALK_FILE_TREE`'s), with the ratio's interval — only between cells measured "
                        + "alike, in one run: a 1-thread cell of another run carries that run's host too.\n\n");
        Optional<PublishedTable> published =
                PublishedTable.load(context, "directory-walk.csv", "threads", "device", "seconds");
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, NON_DEFAULT, WALKER, THREADS);
        int index = 0;
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            index++;
            String label = group.getKey().isEmpty()
                    ? conditionLabel(group.getValue().get(0).paramsWithout(WALKER, THREADS))
                    : group.getKey();
            if (!label.isEmpty()) {
                out.append("### ").append(label).append("\n\n");
            }
            writeGroup(group.getValue(), timed, published, context, out, groups.size() == 1 ? "" : "-" + index);
        }
        if (published.isPresent()) {
            writePublished(published.get(), hostCache(context), out);
        }
    }

    private void writeGroup(
            List<BenchmarkResult> results,
            List<BenchmarkResult> all,
            Optional<PublishedTable> published,
            SectionContext context,
            StringBuilder out,
            String suffix)
            throws IOException {
        List<Integer> threads = distinct(results, r -> intParam(r, THREADS), Comparator.<Integer>naturalOrder());
        List<String> threadKeys = threads.stream().map(String::valueOf).collect(Collectors.toList());
        List<String> walkers = distinct(results, r -> r.param(WALKER), knownOrder(WALKERS));
        double maxMs = results.stream().mapToDouble(context::time).max().orElse(0);
        boolean seconds = maxMs >= 10_000;
        double scale = seconds ? 1e-3 : 1;
        String unit = seconds ? "s" : "ms";
        boolean cold = results.stream().allMatch(r -> CacheState.COLD.name().equalsIgnoreCase(r.param(CACHE)));

        out.append("**Time per walk (")
                .append(unit)
                .append(")**\n\n")
                .append(timeTable(
                        "threads", threadKeys, walkers, (n, w) -> find(results, THREADS, n, WALKER, w), context, scale))
                .append('\n');

        writeSpeedUp(results, threads, walkers, published, cold, context, out);
        writeEveryCell(results, all, scale, unit, cold, context, out);
        writeChart(results, threads, walkers, scale, unit, suffix, context, out);
    }

    /** Each walker's speed-up over its baseline at each thread count, beside the original's NVMe figures. */
    private static void writeSpeedUp(
            List<BenchmarkResult> results,
            List<Integer> threads,
            List<String> walkers,
            Optional<PublishedTable> published,
            boolean cold,
            SectionContext context,
            StringBuilder out) {
        List<String> speedHeader = new ArrayList<>(List.of("threads"));
        speedHeader.addAll(walkers);
        // The original walked a cold cache (it rebooted before every run): its speed-ups only compare with cold ones,
        // and only where "cold" means a device: in a virtual machine the host's cache serves our cold walks.
        Map<Integer, Double> publishedSpeedUp =
                cold && !hostCache(context) ? publishedNvmeSpeedUp(published) : Map.of();
        if (!publishedSpeedUp.isEmpty()) {
            speedHeader.add("published NVMe speed-up");
        }
        MarkdownTable speedUp = new MarkdownTable(speedHeader, 1);
        boolean unlike = false;
        for (int n : threads) {
            List<String> s = new ArrayList<>(List.of(String.valueOf(n)));
            for (String walker : walkers) {
                Optional<BenchmarkResult> r = find(results, THREADS, String.valueOf(n), WALKER, walker);
                Optional<BenchmarkResult> base = r.flatMap(cell -> baseline(results, walker, cell, context));
                if (r.isPresent() && base.isPresent()) {
                    s.add(r.get() == base.get() ? "×1" : context.ratio(base.get(), r.get()));
                } else if (r.isPresent() && baseline(results, walker).isPresent()) {
                    s.add(Figures.NONE + " (other run)");
                    unlike = true;
                } else {
                    s.add(Figures.NONE);
                }
            }
            if (!publishedSpeedUp.isEmpty()) {
                s.add(publishedSpeedUp.containsKey(n) ? Figures.times(publishedSpeedUp.get(n)) : Figures.NONE);
            }
            speedUp.row(s);
        }
        out.append("**Speed-up over 1 thread**\n\n").append(speedUp.render()).append('\n');
        if (unlike) {
            out.append("*– (other run): the 1-thread cell was measured in another run (other forks, another stretch"
                    + " of the host's time); a speed-up across runs would carry that difference too, so none is"
                    + " drawn.*\n\n");
        }
    }

    private static void writeEveryCell(
            List<BenchmarkResult> results,
            List<BenchmarkResult> all,
            double scale,
            String unit,
            boolean cold,
            SectionContext context,
            StringBuilder out) {
        List<BenchmarkResult> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparing(
                        (BenchmarkResult r) -> intParam(r, THREADS), Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(r -> r.param(WALKER), knownOrder(WALKERS)));
        out.append("**Every cell** (time per walk)\n\n")
                .append(context.cellTable(
                        ordered,
                        List.of("threads", "walker"),
                        r -> List.of(r.param(THREADS), r.param(WALKER)),
                        scale,
                        unit,
                        CEILINGS.column(ordered, all, context)))
                .append('\n');
        if (cold) {
            out.append(coldNote(context)).append("\n\n");
        }
    }

    /** Time per walk against threads, one line a walker; a walker measured at one thread count is a flat line. */
    private static void writeChart(
            List<BenchmarkResult> results,
            List<Integer> threads,
            List<String> walkers,
            double scale,
            String unit,
            String suffix,
            SectionContext context,
            StringBuilder out)
            throws IOException {
        LineChart.Series series = new LineChart.Series();
        for (String walker : walkers) {
            List<BenchmarkResult> own =
                    results.stream().filter(r -> walker.equals(r.param(WALKER))).collect(Collectors.toList());
            if (own.size() == 1 && threads.size() > 1) {
                // A walker measured at one thread count only (WALK_FILE_TREE ignores threads): a flat reference.
                double value = context.time(own.get(0)) * scale;
                series.add(walker + " (one thread)", threads.get(0), value);
                series.add(walker + " (one thread)", threads.get(threads.size() - 1), value);
            } else {
                own.forEach(r -> series.add(walker, intParam(r, THREADS), context.time(r) * scale));
            }
        }
        out.append(context.chart(
                        LineChart.of(
                                "Directory walk"
                                        + (suffix.isEmpty()
                                                ? ""
                                                : " ("
                                                        + conditionLabel(
                                                                results.get(0).paramsWithout(WALKER, THREADS))
                                                        + ")"),
                                LineChart.Axis.log("threads (log scale)", 2),
                                LineChart.Axis.linear(unit + " per walk"),
                                series),
                        "walk" + suffix + ".png",
                        "Time per walk vs threads per walker"))
                .append('\n');
    }

    /** What "cold" meant on this machine: in a VM, drop_caches empties the guest's cache only. */
    static String coldNote(SectionContext context) {
        Optional<Virtualization> v = context.virtualization();
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

    /** {@link #baseline(List, String)}, when it was measured alike with {@code cell}. */
    private static Optional<BenchmarkResult> baseline(
            List<BenchmarkResult> results, String walker, BenchmarkResult cell, SectionContext context) {
        return baseline(results, walker).filter(base -> context.measuredAlike(base, cell));
    }

    /** The walker's own 1-thread cell, else the single-threaded walker's cell at its fewest threads. */
    private static Optional<BenchmarkResult> baseline(List<BenchmarkResult> results, String walker) {
        Optional<BenchmarkResult> own = find(results, THREADS, "1", WALKER, walker);
        if (own.isPresent()) {
            return own;
        }
        return results.stream()
                .filter(r -> BASELINE_WALKER.equals(r.param(WALKER)))
                .min(Comparator.comparing(r -> intParam(r, THREADS), Comparator.nullsLast(Comparator.naturalOrder())));
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

    /** Whether "cold" reads here come from a virtual machine's host cache rather than a device. */
    private static boolean hostCache(SectionContext context) {
        return context.virtualization().map(Virtualization::virtualMachine).orElse(false);
    }

    private static void writePublished(PublishedTable published, boolean hostCache, StringBuilder out) {
        List<String> devices =
                published.rows().stream().map(r -> r.get("device")).distinct().collect(Collectors.toList());
        List<Integer> threads = published.rows().stream()
                .map(r -> Integer.valueOf(r.get("threads")))
                .distinct()
                .sorted()
                .collect(Collectors.toList());
        List<String> header = new ArrayList<>(List.of("threads"));
        devices.forEach(d -> header.add(d + " s (speed-up)"));
        MarkdownTable table = new MarkdownTable(header, 1);
        for (int n : threads) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(n)));
            for (String device : devices) {
                double s = value(published, n, device);
                double one = value(published, 1, device);
                row.add(Figures.number(s) + " (" + Figures.times(one / s) + ")");
            }
            table.row(row);
        }
        out.append(
                        hostCache
                                ? "**Published figures** (the original's tree of 2,835,154 files on real devices, cold"
                                        + " cache: not set beside ours, which are host-cache-bound — in this virtual"
                                        + " machine drop_caches empties the guest's cache only, and the host's cache"
                                        + " serves our \"cold\" walks, not a device)\n\n"
                                : "**Published figures** (the original's tree of 2,835,154 files on other devices, cold"
                                        + " cache: set beside our cold walks' speed-ups only; compare speed-ups, not"
                                        + " times)\n\n")
                .append(table.render())
                .append('\n')
                .append(published.sourceNote())
                .append('\n');
    }

    private static double value(PublishedTable published, int threads, String device) {
        return published.rows().stream()
                .filter(r -> device.equals(r.get("device")) && Integer.parseInt(r.get("threads")) == threads)
                .mapToDouble(r -> PublishedTable.number(r, "seconds"))
                .findFirst()
                .orElse(Double.NaN);
    }
}
