package dev.iolab.loadtest.study;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Writes {@code docs/results/upload-study.md} (tables, charts, the original study's figures beside ours) from the
 * directory {@code scripts/upload-study.sh} filled: {@code study.properties} and one sub-directory per cell under
 * {@code cells/}.
 *
 * <p>Usage: {@code java -cp <load-test classpath> dev.iolab.loadtest.study.UploadStudyReport <studyDir> <report.md>}.
 * Charts ({@code upload-study-peak-heap.png}, {@code upload-study-mean-time.png}) and the raw figures
 * ({@code upload-study.csv}) go next to the report. Every file is written to a temp file and moved into place, so a
 * failed run leaves the previous report whole.
 */
public final class UploadStudyReport {

    /** The strategies in the order of the original study. */
    static final List<String> STRATEGIES =
            List.of("in-memory", "on-demand", "buffer-4k", "buffer-4m", "buffer-8m", "temp-file");

    /**
     * The original study's published mean seconds per file (1 MB, 10 MB), 125 simultaneous uploads to real Azure Blob
     * Storage from a 512 MB container (issue 5), and what it reported about each strategy.
     */
    static final Map<String, double[]> ORIGINAL_MEANS = Map.of(
            "in-memory", new double[] {1.16, 8.82},
            "on-demand", new double[] {1.24, 8.89},
            "buffer-4k", new double[] {1.14, 9.03},
            "buffer-4m", new double[] {1.29, 9.08},
            "buffer-8m", new double[] {1.34, 9.10},
            "temp-file", new double[] {1.46, 9.09});

    static final Map<String, String> ORIGINAL_FINDINGS = Map.of(
            "in-memory", "whole file in memory blew the memory limit",
            "on-demand", "held",
            "buffer-4k", "held",
            "buffer-4m", "ran out of memory with 10 MB files",
            "buffer-8m", "(no finding published)",
            "temp-file", "worked, but leaves files behind when things go wrong");

    private static final double MIB = 1024.0 * 1024.0;

    private UploadStudyReport() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: UploadStudyReport <studyDir> <report.md>");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        Path report = write(Path.of(args[0]), Path.of(args[1]));
        System.out.println("Report written to " + report);
    }

    static Path write(Path studyDir, Path reportFile) throws IOException {
        Properties study = new Properties();
        try (Reader in = Files.newBufferedReader(studyDir.resolve("study.properties"), StandardCharsets.UTF_8)) {
            study.load(in);
        }
        List<StudyCell> cells = readCells(studyDir.resolve("cells"));
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("no cells under " + studyDir.resolve("cells"));
        }
        Path outDir = reportFile.toAbsolutePath().getParent();
        Files.createDirectories(outDir);
        String base = baseName(reportFile);
        String heap = study.getProperty("serviceOpts", "-Xmx512m").split(" ")[0];
        writeAtomically(outDir.resolve(base + "-peak-heap.png"), tmp -> peakHeapChart(cells, heap, tmp));
        writeAtomically(outDir.resolve(base + "-mean-time.png"), tmp -> meanTimeChart(cells, tmp));
        writeAtomically(outDir.resolve(base + ".csv"), tmp -> Files.writeString(tmp, csv(cells)));
        writeAtomically(reportFile, tmp -> Files.writeString(tmp, markdown(study, cells, reportFile, studyDir)));
        return reportFile;
    }

    /** "upload-study" for upload-study.md: charts and CSV are named after the report. */
    static String baseName(Path reportFile) {
        String name = reportFile.getFileName().toString();
        return name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    }

    /** Megabytes of an -Xmx option (512 for -Xmx512m, 1024 for -Xmx1g); NaN if it is not one. */
    static double heapMib(String xmx) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("-Xmx(\\d+)([mMgG])").matcher(xmx);
        if (!m.matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1));
        return m.group(2).equalsIgnoreCase("g") ? v * 1024 : v;
    }

    static List<StudyCell> readCells(Path cellsDir) throws IOException {
        List<StudyCell> cells = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(cellsDir)) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("cell.properties")))
                    .sorted()
                    .toList()) {
                cells.add(StudyCell.read(dir));
            }
        }
        cells.sort(Comparator.comparing((StudyCell c) -> !c.budget())
                .thenComparingInt(c -> order(c.strategy()))
                .thenComparingInt(StudyCell::fileSizeMb)
                .thenComparingInt(StudyCell::users));
        return cells;
    }

    private static int order(String strategy) {
        int i = STRATEGIES.indexOf(strategy);
        return i < 0 ? STRATEGIES.size() : i;
    }

    // ---------------------------------------------------------------------------------------------- markdown

    static String markdown(Properties study, List<StudyCell> cells, Path reportFile, Path studyDir) {
        StringBuilder md = new StringBuilder(16_384);
        md.append("# The upload study, re-run\n\n");
        md.append(
                "Generated by `scripts/upload-study.sh` (see [docs/load-test.md](../load-test.md)); do not edit by hand, "
                        + "re-run the script.\n\n");
        md.append("Each cell: Gatling starts *users* virtual users at once (`atOnceUsers`), each uploading one file of "
                + "random bytes (raw `PUT`) with one strategy, to the upload-service jar at `"
                + study.getProperty("serviceOpts", "-Xmx512m -XX:+ExitOnOutOfMemoryError")
                + "` (fail fast on OutOfMemoryError, as in its container) storing into a local in-memory Azurite — not real "
                + "Azure, so absolute times are not comparable with the original's, only the relations between strategies. "
                + "The service and Azurite are restarted between strategies (and after any cell that left the service down). "
                + "Heap and direct memory are the service's own metrics (`/actuator/prometheus`: "
                + "`sum(jvm_memory_used_bytes{area=\"heap\"})`, `jvm_buffer_memory_used_bytes{id=\"direct\"}`), RSS is the "
                + "process's resident memory (`/proc/<pid>/status`), all sampled every ~0.5 s during the cell, so short peaks "
                + "between samples are missed. Heap used includes garbage not yet collected. The JDK's direct-buffer pool does "
                + "not include memory Netty allocates for itself without a Cleaner; RSS includes everything.\n\n");
        md.append("| | |\n|---|---|\n");
        row(md, "Command", "`" + study.getProperty("command", "?") + "`");
        row(
                md,
                "Run",
                study.getProperty("startedUtc", "?") + " → " + study.getProperty("finishedUtc", "?") + " ("
                        + duration(study.getProperty("durationSeconds", "")) + ")");
        row(
                md,
                "Machine",
                study.getProperty("cores", "?") + " cores, " + study.getProperty("memory", "?") + " RAM, Linux "
                        + study.getProperty("uname", "?") + ", " + study.getProperty("java", "?"));
        row(
                md,
                "Load average (1/5/15 min)",
                "before: " + study.getProperty("loadBefore", "?") + "; after: "
                        + study.getProperty("loadAfter", "?") + "; highest 1-min value seen during the run: "
                        + study.getProperty("loadMax", "?") + " on " + study.getProperty("cores", "?")
                        + " cores, which Gatling, Azurite and the service share (anything else running adds to it)");
        row(
                md,
                "Service",
                "upload-service jar, " + study.getProperty("serviceOpts", "-Xmx512m")
                        + ", executor 25 threads + queue 100 (capacity 125), memory budget half the heap when on, Azure SDK over "
                        + "Netty (defaults)");
        md.append('\n');

        for (boolean budget : new boolean[] {true, false}) {
            List<StudyCell> part =
                    cells.stream().filter(c -> c.budget() == budget).toList();
            if (part.isEmpty()) {
                continue;
            }
            md.append("## Memory budget ")
                    .append(budget ? "on (default)" : "off (`--upload.memory-budget.enabled=false`)")
                    .append("\n\n");
            md.append(
                    budget
                            ? "The service admits an upload only if its strategy's memory cost fits the budget (half the heap); "
                                    + "over budget it answers 503 `memory-budget` before reading the body.\n\n"
                            : "No admission by memory: this is the original service's behaviour, kept to show the failure the budget "
                                    + "prevents.\n\n");
            table(md, part);
        }

        String base = baseName(reportFile);
        md.append("## Charts\n\n");
        md.append("![Peak heap per strategy](").append(base).append("-peak-heap.png)\n\n");
        md.append("![Mean seconds per file per strategy, ours and the original's](")
                .append(base)
                .append("-mean-time.png)\n\n");

        md.append("## Beside the original study's published figures\n\n");
        md.append("The original: 125 simultaneous uploads per strategy to **real Azure Blob Storage** from a 512 MB "
                + "container; mean seconds per file as published (issue 5). Ours: 125 users, memory budget on, local "
                + "Azurite on a loaded 2-core machine. Peak memory was reported by the original only as VisualVM "
                + "observations, not figures.\n\n");
        md.append("| strategy | original 1 MB (s, real Azure) | ours 1 MB × 125 (s) | original 10 MB (s, real Azure) "
                + "| ours 10 MB × 125 (s) | original finding | ours, budget off, 10 MB × 125 |\n");
        md.append("|---|---:|---:|---:|---:|---|---|\n");
        for (String s : STRATEGIES) {
            double[] orig = ORIGINAL_MEANS.get(s);
            md.append("| ")
                    .append(s)
                    .append(" | ")
                    .append(fmt(orig[0], 2))
                    .append(" | ")
                    .append(fmt(find(cells, s, 1, 125, true).map(StudyCell::meanSeconds), 2))
                    .append(" | ")
                    .append(fmt(orig[1], 2))
                    .append(" | ")
                    .append(fmt(find(cells, s, 10, 125, true).map(StudyCell::meanSeconds), 2))
                    .append(" | ")
                    .append(ORIGINAL_FINDINGS.get(s))
                    .append(" | ")
                    .append(find(cells, s, 10, 125, false)
                            .map(UploadStudyReport::verdict)
                            .orElse("not run"))
                    .append(" |\n");
        }
        md.append(
                "\nThe original's executor (25 threads, queue 100) accepted 125 of 200 simultaneous uploads and threw "
                        + "`TaskRejectedException` at the other 75; ours answers those with 503 + `Retry-After` (the *200 users* rows "
                        + "above).\n\n");

        md.append("## Facts the run established\n\n");
        facts(md, cells);

        md.append("## Gatling reports\n\n");
        md.append("HTML reports stay out of git (they are large); this run left them under `")
                .append(relativeOrAbsolute(reportFile, studyDir))
                .append("`:\n\n");
        for (StudyCell c : cells) {
            if (!c.report().isBlank()) {
                md.append("- ")
                        .append(c.strategy())
                        .append(", ")
                        .append(c.load())
                        .append(", budget ")
                        .append(c.budget() ? "on" : "off")
                        .append(": [")
                        .append(c.report())
                        .append("](")
                        .append(link(reportFile, studyDir.resolve(c.report())))
                        .append(")\n");
            }
        }
        md.append("\nRaw figures of every cell: [")
                .append(base)
                .append(".csv](")
                .append(base)
                .append(".csv).\n");
        return md.toString();
    }

    private static void table(StringBuilder md, List<StudyCell> cells) {
        md.append("| strategy | load | accepted | refused | failed | mean s | min s | max s | p95 s | MiB/s "
                + "| peak heap MiB | peak direct MiB | peak RSS MiB | service up | assertions |\n");
        md.append("|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (StudyCell c : cells) {
            md.append("| ")
                    .append(c.strategy())
                    .append(" | ")
                    .append(c.load())
                    .append(" | ")
                    .append(c.accepted())
                    .append(" | ")
                    .append(c.refused())
                    .append(breakdown(c.refusedBy()))
                    .append(" | ")
                    .append(c.failed())
                    .append(breakdown(c.failedBy()))
                    .append(" | ")
                    .append(fmt(c.meanSeconds(), 2))
                    .append(" | ")
                    .append(fmt(c.minSeconds(), 2))
                    .append(" | ")
                    .append(fmt(c.maxSeconds(), 2))
                    .append(" | ")
                    .append(fmt(c.p95Seconds(), 2))
                    .append(" | ")
                    .append(fmt(c.throughputMibPerSecond(), 1))
                    .append(" | ")
                    .append(fmt(c.peakHeapBytes() / MIB, 0))
                    .append(" | ")
                    .append(fmt(c.peakDirectBytes() / MIB, 1))
                    .append(" | ")
                    .append(fmt(c.peakRssBytes() / MIB, 0))
                    .append(" | ")
                    .append(c.serviceUp() ? "yes" : "**no**")
                    .append(c.oomErrors() > 0 ? " (OutOfMemoryError)" : "")
                    .append(" | ")
                    .append(c.assertionsPassed() ? "pass" : c.gatlingExit() == 2 ? "**fail**" : "**crash**")
                    .append(" |\n");
        }
        md.append('\n');
    }

    private static void facts(StringBuilder md, List<StudyCell> cells) {
        List<String> facts = new ArrayList<>();
        for (boolean budget : new boolean[] {true, false}) {
            List<StudyCell> part =
                    cells.stream().filter(c -> c.budget() == budget).toList();
            if (part.isEmpty()) {
                continue;
            }
            String mode = budget ? "With the budget on" : "With the budget off";
            List<String> down = names(part, c -> !c.serviceUp() || c.oomErrors() > 0);
            facts.add(mode + ", the service "
                    + (down.isEmpty()
                            ? "stayed up in every cell"
                            : "went down (or hit OutOfMemoryError) in: " + String.join("; ", down))
                    + ".");
            List<String> failed = names(part, c -> c.failed() > 0);
            facts.add(mode + ", uploads failed (reset, timeout, 5xx or wrong MD5) in "
                    + (failed.isEmpty() ? "no cell" : String.join("; ", failed)) + ".");
            List<String> budgetRefusals = part.stream()
                    .filter(c -> c.refusedBy().getOrDefault("memory-budget", 0) > 0)
                    .map(c ->
                            c.strategy() + " " + c.load() + " (" + c.refusedBy().get("memory-budget") + ")")
                    .toList();
            if (budget) {
                facts.add("The memory budget refused uploads in "
                        + (budgetRefusals.isEmpty() ? "no cell" : String.join("; ", budgetRefusals)) + ".");
            }
            List<String> overCapacity = part.stream()
                    .filter(c -> c.users() > 125)
                    .map(c -> c.strategy() + " " + c.load() + ": " + c.accepted() + " accepted, " + c.refused()
                            + " refused")
                    .toList();
            if (!overCapacity.isEmpty()) {
                facts.add(mode + ", at 200 users: " + String.join("; ", overCapacity) + ".");
            }
            part.stream()
                    .filter(c -> !Double.isNaN(c.peakHeapBytes()))
                    .max(Comparator.comparingDouble(StudyCell::peakHeapBytes))
                    .ifPresent(c -> facts.add(mode + ", the highest peak heap was " + fmt(c.peakHeapBytes() / MIB, 0)
                            + " MiB (" + c.strategy() + ", " + c.load() + ")."));
        }
        for (String f : facts) {
            md.append("- ").append(f).append('\n');
        }
        md.append('\n');
    }

    private static List<String> names(List<StudyCell> cells, Predicate<StudyCell> p) {
        return cells.stream().filter(p).map(c -> c.strategy() + " " + c.load()).toList();
    }

    static String verdict(StudyCell c) {
        if (!c.serviceUp() || c.oomErrors() > 0) {
            return "**service down** (" + c.accepted() + " accepted, " + c.failed() + " failed"
                    + (c.oomErrors() > 0 ? ", OutOfMemoryError" : "") + ")";
        }
        if (c.failed() > 0) {
            return c.failed() + " of " + c.users() + " failed";
        }
        return "held (" + c.accepted() + " accepted, peak heap " + fmt(c.peakHeapBytes() / MIB, 0) + " MiB)";
    }

    private static java.util.Optional<StudyCell> find(
            List<StudyCell> cells, String s, int size, int users, boolean budget) {
        return cells.stream()
                .filter(c ->
                        c.strategy().equals(s) && c.fileSizeMb() == size && c.users() == users && c.budget() == budget)
                .findFirst();
    }

    private static String breakdown(Map<String, Integer> by) {
        if (by.isEmpty()) {
            return "";
        }
        return " ("
                + by.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")) + ")";
    }

    private static void row(StringBuilder md, String k, String v) {
        md.append("| ").append(k).append(" | ").append(v).append(" |\n");
    }

    private static String duration(String seconds) {
        try {
            long s = Long.parseLong(seconds.strip());
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        } catch (NumberFormatException e) {
            return "?";
        }
    }

    static String fmt(double v, int decimals) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "–";
    }

    private static String fmt(java.util.Optional<Double> v, int decimals) {
        return v.map(d -> fmt(d, decimals)).orElse("not run");
    }

    private static String link(Path reportFile, Path target) {
        return relativeOrAbsolute(reportFile, target).replace(" ", "%20");
    }

    private static String relativeOrAbsolute(Path reportFile, Path target) {
        Path from = reportFile.toAbsolutePath().normalize().getParent();
        Path to = target.toAbsolutePath().normalize();
        try {
            return from.relativize(to).toString();
        } catch (IllegalArgumentException e) {
            return to.toString();
        }
    }

    // ---------------------------------------------------------------------------------------------- charts and csv

    private static void peakHeapChart(List<StudyCell> cells, String xmx, Path file) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (boolean budget : new boolean[] {true, false}) {
            for (StudyCell c : cells) {
                if (c.budget() == budget && !Double.isNaN(c.peakHeapBytes())) {
                    data.addValue(c.peakHeapBytes() / MIB, c.load() + (budget ? "" : ", budget off"), c.strategy());
                }
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "upload-service peak heap per strategy (" + xmx + "; local Azurite)",
                "strategy",
                "peak heap used (MiB)",
                data);
        CategoryPlot plot = style(chart);
        double heap = heapMib(xmx);
        if (!Double.isNaN(heap)) {
            ValueMarker max = new ValueMarker(heap, Color.RED, new BasicStroke(1.5f));
            max.setLabel(xmx);
            plot.addRangeMarker(max);
            plot.getRangeAxis()
                    .setUpperBound(Math.max(heap * 1.1, plot.getRangeAxis().getUpperBound()));
        }
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 1100, 560);
    }

    private static void meanTimeChart(List<StudyCell> cells, Path file) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int size : new int[] {1, 10}) {
            for (String s : STRATEGIES) {
                find(cells, s, size, 125, true)
                        .ifPresent(
                                c -> data.addValue(c.meanSeconds(), "ours " + size + " MB × 125 (local Azurite)", s));
            }
            for (String s : STRATEGIES) {
                data.addValue(
                        ORIGINAL_MEANS.get(s)[size == 1 ? 0 : 1],
                        "original " + size + " MB × 125 (real Azure, published)",
                        s);
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "Mean seconds per file, 125 simultaneous uploads, budget on",
                "strategy",
                "mean seconds per file",
                data);
        style(chart);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 1100, 560);
    }

    private static CategoryPlot style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.02);
        return plot;
    }

    static String csv(List<StudyCell> cells) {
        StringBuilder out =
                new StringBuilder("budget,strategy,fileSizeMb,users,accepted,refused,failed,refusedBy,failedBy,"
                        + "meanSeconds,minSeconds,maxSeconds,p95Seconds,throughputMibPerSecond,peakHeapMiB,peakDirectMiB,peakRssMiB,"
                        + "serviceUp,oomErrors,gatlingExit,samples\n");
        for (StudyCell c : cells) {
            out.append(c.budget() ? "on" : "off")
                    .append(',')
                    .append(c.strategy())
                    .append(',')
                    .append(c.fileSizeMb())
                    .append(',')
                    .append(c.users())
                    .append(',')
                    .append(c.accepted())
                    .append(',')
                    .append(c.refused())
                    .append(',')
                    .append(c.failed())
                    .append(',')
                    .append(csvMap(c.refusedBy()))
                    .append(',')
                    .append(csvMap(c.failedBy()))
                    .append(',')
                    .append(fmt(c.meanSeconds(), 3))
                    .append(',')
                    .append(fmt(c.minSeconds(), 3))
                    .append(',')
                    .append(fmt(c.maxSeconds(), 3))
                    .append(',')
                    .append(fmt(c.p95Seconds(), 3))
                    .append(',')
                    .append(fmt(c.throughputMibPerSecond(), 2))
                    .append(',')
                    .append(fmt(c.peakHeapBytes() / MIB, 1))
                    .append(',')
                    .append(fmt(c.peakDirectBytes() / MIB, 1))
                    .append(',')
                    .append(fmt(c.peakRssBytes() / MIB, 1))
                    .append(',')
                    .append(c.serviceUp())
                    .append(',')
                    .append(c.oomErrors())
                    .append(',')
                    .append(c.gatlingExit())
                    .append(',')
                    .append(c.samples())
                    .append('\n');
        }
        return out.toString().replace("–", "");
    }

    private static String csvMap(Map<String, Integer> map) {
        return "\""
                + map.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(";")) + "\"";
    }

    @FunctionalInterface
    private interface Writer {
        void write(Path tmp) throws IOException;
    }

    private static void writeAtomically(Path target, Writer writer) throws IOException {
        Path tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName(), ".tmp");
        try {
            writer.write(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
