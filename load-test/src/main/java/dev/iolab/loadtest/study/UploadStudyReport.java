package dev.iolab.loadtest.study;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.iolab.loadtest.UploadSettings;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Writes the study's report from a {@link StudyResult}: {@code upload-study.md} (tables with every strategy beside the
 * {@code direct} row as ratios, memory columns, the original study's figures, the soak), two charts and
 * {@code upload-study.csv} beside it. Every file is written to a temp file and moved into place, so a failed run leaves
 * the previous report whole.
 *
 * <p>Regenerate a report from a run's {@code study.json}:
 * {@code java -cp <load-test classpath> dev.iolab.loadtest.study.UploadStudyReport <study.json> <report.md>}.
 */
public final class UploadStudyReport {

    /**
     * The original study's published mean seconds per file (1 MB, 10 MB), 125 simultaneous uploads to real Azure Blob
     * Storage from a 512 MB container (issue 5), and what it reported about each strategy: reference figures, keyed by
     * the original's strategy names.
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

    /** A soak's live heap after counts as "back at its baseline" within this many bytes (GC noise, caches). */
    static final long SOAK_TOLERANCE_BYTES = 8L * 1024 * 1024;

    private static final double MIB = 1024.0 * 1024.0;

    private UploadStudyReport() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: UploadStudyReport <study.json> <report.md>");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        Path json = Path.of(args[0]);
        write(StudyResult.read(json), Path.of(args[1]), json.toAbsolutePath().getParent());
        System.out.println("Report written to " + args[1]);
    }

    /** Writes the report, its charts and CSV; {@code runDir} is where Gatling's reports are (for links). */
    static void write(StudyResult result, Path reportFile, Path runDir) throws IOException {
        if (result.cells().isEmpty() && result.soak() == null) {
            throw new IllegalArgumentException("the study measured nothing: no cells and no soak");
        }
        Path outDir = reportFile.toAbsolutePath().getParent();
        Files.createDirectories(outDir);
        String base = baseName(reportFile);
        if (!result.cells().isEmpty()) {
            writeAtomically(outDir.resolve(base + "-memory.png"), tmp -> memoryChart(result, tmp));
            writeAtomically(outDir.resolve(base + "-time.png"), tmp -> timeChart(result, tmp));
            writeAtomically(outDir.resolve(base + ".csv"), tmp -> Files.writeString(tmp, csv(result)));
        }
        writeAtomically(
                reportFile,
                tmp -> Files.writeString(tmp, markdown(result, reportFile, runDir), StandardCharsets.UTF_8));
    }

    /** "upload-study" for upload-study.md: charts and CSV are named after the report. */
    static String baseName(Path reportFile) {
        String name = reportFile.getFileName().toString();
        return name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    }

    /** Cells in report order: budget on first, then the service's strategy order, valet-key last, then load. */
    static List<StudyResult.Cell> ordered(StudyResult result) {
        List<StudyResult.Cell> cells = new ArrayList<>(result.cells());
        cells.sort(Comparator.comparing((StudyResult.Cell c) -> !c.budget())
                .thenComparingInt(c -> order(result, c.strategy()))
                .thenComparingInt(StudyResult.Cell::fileSizeMb)
                .thenComparingInt(StudyResult.Cell::users));
        return cells;
    }

    private static int order(StudyResult result, String strategy) {
        int i = result.strategies().indexOf(strategy);
        return i < 0 ? result.strategies().size() : i;
    }

    /** The cell's burst time ÷ the direct row's (same size and users); null without both or without an upload. */
    static Double timeRatio(StudyResult result, StudyResult.Cell c) {
        return result.directFor(c.fileSizeMb(), c.users())
                .filter(d -> c.accepted() > 0 && c.outcomes().spanSeconds() != null && d.spanSeconds() > 0)
                .map(d -> c.outcomes().spanSeconds() / d.spanSeconds())
                .orElse(null);
    }

    /** The cell's MiB/s ÷ the direct row's; null without both. */
    static Double throughputRatio(StudyResult result, StudyResult.Cell c) {
        return result.directFor(c.fileSizeMb(), c.users())
                .filter(d -> c.outcomes() != null
                        && c.outcomes().throughputMibPerSecond() != null
                        && d.throughputMibPerSecond() > 0)
                .map(d -> c.outcomes().throughputMibPerSecond() / d.throughputMibPerSecond())
                .orElse(null);
    }

    // ---------------------------------------------------------------------------------------------- markdown

    static String markdown(StudyResult result, Path reportFile, Path runDir) {
        StringBuilder md = new StringBuilder(16_384);
        StudyResult.RunInfo run = result.run();
        md.append(result.soak() != null ? "# The upload study: soak\n\n" : "# The upload study, re-run\n\n");
        md.append("Generated by `scripts/upload-study.sh` (`dev.iolab.loadtest.study.UploadStudy`; see "
                + "[docs/load-test.md](../load-test.md)); do not edit by hand, re-run the script.\n\n");
        md.append("| | |\n|---|---|\n");
        row(md, "Command", "`" + run.command() + "`");
        row(
                md,
                "Run",
                run.startedUtc() + " → " + run.finishedUtc() + " (" + UploadStudy.duration(run.durationSeconds())
                        + ")");
        row(md, "Machine", run.machine() + ", " + run.java());
        row(
                md,
                "Load average (1/5/15 min)",
                "before: " + run.loadBefore() + "; after: " + run.loadAfter()
                        + "; highest 1-min value seen between cells: " + fmt(run.loadMax(), 2)
                        + " (Gatling, Azurite and the service share the machine; anything else running adds to it)");
        row(
                md,
                "Service",
                "upload-service jar, `" + run.serviceOpts() + "`, executor " + run.executorThreads()
                        + " threads, capacity " + run.capacity() + " (threads + queue), strategies "
                        + String.join(", ", result.strategies()) + " (from its `/actuator/info`)");
        md.append('\n');
        if (!result.cells().isEmpty()) {
            method(md);
            cellTables(md, result);
            valetKey(md, result);
            charts(md, reportFile);
            original(md, result);
            facts(md, result);
            gatlingReports(md, result, reportFile, runDir);
        }
        if (result.soak() != null) {
            soak(md, result.soak());
        }
        return md.toString();
    }

    private static void method(StringBuilder md) {
        md.append("""
                Each cell: Gatling starts *users* virtual users at once, each uploading one file of random bytes with one
                strategy to the service jar, which stores into a fresh in-memory Azurite (restarted with the service for each
                strategy) — not real Azure, so absolute times are not comparable with the original's, only the relations
                between rows.

                **The ceiling, `direct`:** the Azure SDK alone (`BlobClient.uploadFromFile`, defaults) uploading the same
                file, min(users, capacity) times, from as many threads as the service's executor has, to the same Azurite,
                in the same run. *÷ direct* columns: the cell's burst time (first request to last answer) and MiB/s
                divided by the direct row's at the same size and users — 1.00 is the SDK's own speed.

                **Memory:** *peak heap* is heap used (`jvm_memory_used_bytes{area="heap"}`, garbage included) sampled every
                0.5 s; *live in flight* is the heap right after a forced full GC (JMX `MemoryMXBean.gc()` through the attach
                API) while at least 80 % of min(users, threads) uploads ran on the executor, minus the heap after a forced
                GC just before the cell (idle); *per upload* divides it by the uploads running at that GC. At most three
                such GCs per cell, each a pause the cell's times include. RSS is the process's resident memory.

                """.replace("\n", " ").replace("  ", "\n\n").strip() + "\n\n");
    }

    private static void cellTables(StringBuilder md, StudyResult result) {
        for (boolean budget : new boolean[] {true, false}) {
            List<StudyResult.Cell> part =
                    ordered(result).stream().filter(c -> c.budget() == budget).toList();
            if (part.isEmpty()) {
                continue;
            }
            md.append(budget ? "## Memory budget on (default)\n\n" : "## Memory budget off\n\n");
            md.append(
                    budget
                            ? "The service admits an upload only if its strategy's memory cost fits the budget (half the"
                                    + " heap); over budget it answers 503 `memory-budget` before reading the body.\n\n"
                            : "No admission by memory (`--upload.memory-budget.enabled=false`): the original service's"
                                    + " behaviour, kept to show the failure the budget prevents.\n\n");
            md.append("| strategy | load | accepted | refused | failed | mean s | p95 s | burst s | MiB/s"
                    + " | time ÷ direct | MiB/s ÷ direct | peak heap MiB | live in flight MiB | per upload MiB"
                    + " | peak RSS MiB | service up | assertions |\n");
            md.append("|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
            if (budget) {
                for (StudyResult.Direct d : result.direct()) {
                    md.append("| **direct** (SDK alone, ")
                            .append(d.threads())
                            .append(" threads) | ")
                            .append(d.load())
                            .append(" | ")
                            .append(d.uploads() - d.failed())
                            .append(" | – | ")
                            .append(d.failed())
                            .append(" | ")
                            .append(fmt(d.meanSeconds(), 2))
                            .append(" | ")
                            .append(fmt(d.p95Seconds(), 2))
                            .append(" | ")
                            .append(fmt(d.spanSeconds(), 2))
                            .append(" | ")
                            .append(fmt(d.throughputMibPerSecond(), 1))
                            .append(" | 1.00 | 1.00 | – | – | – | – | – | – |\n");
                }
            }
            for (StudyResult.Cell c : part) {
                var o = c.outcomes();
                var m = c.memory();
                md.append("| ")
                        .append(c.strategy())
                        .append(" | ")
                        .append(c.load())
                        .append(" | ")
                        .append(c.accepted())
                        .append(" | ")
                        .append(o == null ? "–" : o.refused() + breakdown(shortKeys(o.refusedBy())))
                        .append(" | ")
                        .append(o == null ? c.users() + " (Gatling crashed)" : o.failed() + breakdown(o.failedBy()))
                        .append(" | ")
                        .append(o == null ? "–" : fmt(o.meanSeconds(), 2))
                        .append(" | ")
                        .append(o == null ? "–" : fmt(o.p95Seconds(), 2))
                        .append(" | ")
                        .append(o == null ? "–" : fmt(o.spanSeconds(), 2))
                        .append(" | ")
                        .append(o == null ? "–" : fmt(o.throughputMibPerSecond(), 1))
                        .append(" | ")
                        .append(fmt(timeRatio(result, c), 2))
                        .append(" | ")
                        .append(fmt(throughputRatio(result, c), 2))
                        .append(" | ")
                        .append(fmtMib(m.peakHeapUsedBytes()))
                        .append(" | ")
                        .append(
                                m.liveAboveIdleBytes() == null
                                        ? "–"
                                        : fmtMib(m.liveAboveIdleBytes().doubleValue()))
                        .append(m.inFlight() == null ? "" : " (" + m.inFlight() + ")")
                        .append(" | ")
                        .append(m.livePerUploadBytes() == null ? "–" : fmt(m.livePerUploadBytes() / MIB, 2))
                        .append(" | ")
                        .append(fmtMib(m.peakRssBytes()))
                        .append(" | ")
                        .append(c.serviceUp() ? "yes" : "**no**")
                        .append(c.oomErrors() > 0 ? " (OutOfMemoryError)" : "")
                        .append(" | ")
                        .append(c.assertionsPassed() ? "pass" : "**fail** (exit " + c.gatlingExit() + ")")
                        .append(" |\n");
            }
            md.append('\n');
        }
    }

    private static void valetKey(StringBuilder md, StudyResult result) {
        md.append("## valet-key\n\n");
        if (result.valetKeySkipped() != null) {
            md.append("Not measured: ").append(result.valetKeySkipped()).append(".\n\n");
            return;
        }
        List<StudyResult.Cell> rows = result.cells().stream()
                .filter(c -> c.strategy().equals(UploadSettings.VALET_KEY))
                .toList();
        if (rows.isEmpty()) {
            md.append("Not measured in this run (`--valet-key off`).\n\n");
            return;
        }
        md.append("Each client asks the service for a grant, sends the bytes straight to storage with it and asks the"
                + " service to complete; the service's heap should stay at its idle baseline however many clients"
                + " upload. Live heap: forced GCs at least 2 s apart from the first second of the burst on.\n\n");
        md.append("| load | accepted | failed | burst s | time ÷ direct | idle live heap MiB | live heap during MiB"
                + " | above idle MiB |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (StudyResult.Cell c : rows) {
            var m = c.memory();
            md.append("| ")
                    .append(c.load())
                    .append(" | ")
                    .append(c.accepted())
                    .append(" | ")
                    .append(c.failed())
                    .append(" | ")
                    .append(c.outcomes() == null ? "–" : fmt(c.outcomes().spanSeconds(), 2))
                    .append(" | ")
                    .append(fmt(timeRatio(result, c), 2))
                    .append(" | ")
                    .append(
                            m.idleLiveHeapBytes() == null
                                    ? "–"
                                    : fmtMib(m.idleLiveHeapBytes().doubleValue()))
                    .append(" | ")
                    .append(
                            m.liveHeapBytes() == null
                                    ? "–"
                                    : fmtMib(m.liveHeapBytes().doubleValue()))
                    .append(" | ")
                    .append(
                            m.liveAboveIdleBytes() == null
                                    ? "–"
                                    : fmtMib(m.liveAboveIdleBytes().doubleValue()))
                    .append(" |\n");
        }
        md.append('\n');
    }

    private static void charts(StringBuilder md, Path reportFile) {
        String base = baseName(reportFile);
        md.append("## Charts\n\n")
                .append("![peak heap used and live heap in flight per strategy](")
                .append(base)
                .append("-memory.png)\n\n![burst time per strategy beside direct](")
                .append(base)
                .append("-time.png)\n\nEvery figure: [`")
                .append(base)
                .append(".csv`](")
                .append(base)
                .append(".csv).\n\n");
    }

    private static void original(StringBuilder md, StudyResult result) {
        md.append("## Beside the original study\n\n"
                + "The original: 125 simultaneous uploads per strategy to real Azure Blob Storage from a 512 MB container"
                + " (published mean seconds per file); ours: the same burst into a local Azurite, budget on.\n\n");
        md.append(
                "| strategy | original 1 MB | ours 1 MB | original 10 MB | ours 10 MB | original finding | ours (10 MB × 125,"
                        + " budget off) |\n|---|---:|---:|---:|---:|---|---|\n");
        for (String s : result.strategies()) {
            double[] published = ORIGINAL_MEANS.get(s);
            md.append("| ")
                    .append(s)
                    .append(" | ")
                    .append(published == null ? "–" : fmt(published[0], 2))
                    .append(" | ")
                    .append(mean(result, s, 1))
                    .append(" | ")
                    .append(published == null ? "–" : fmt(published[1], 2))
                    .append(" | ")
                    .append(mean(result, s, 10))
                    .append(" | ")
                    .append(ORIGINAL_FINDINGS.getOrDefault(s, "(not in the original)"))
                    .append(" | ")
                    .append(find(result, s, 10, 125, false)
                            .map(UploadStudyReport::verdict)
                            .orElse("not run"))
                    .append(" |\n");
        }
        md.append('\n');
    }

    private static String mean(StudyResult result, String strategy, int size) {
        return find(result, strategy, size, 125, true)
                .filter(c -> c.outcomes() != null)
                .map(c -> fmt(c.outcomes().meanSeconds(), 2))
                .orElse("not run");
    }

    private static void facts(StringBuilder md, StudyResult result) {
        md.append("## What this run established\n\n");
        List<String> facts = new ArrayList<>();
        for (boolean budget : new boolean[] {true, false}) {
            List<StudyResult.Cell> part =
                    result.cells().stream().filter(c -> c.budget() == budget).toList();
            if (part.isEmpty()) {
                continue;
            }
            String mode = budget ? "Budget on" : "Budget off";
            List<String> down = part.stream()
                    .filter(c -> !c.serviceUp() || c.oomErrors() > 0)
                    .map(c -> c.strategy() + " " + c.load())
                    .toList();
            facts.add(mode + ", the service went down (or hit OutOfMemoryError) in "
                    + (down.isEmpty() ? "no cell" : String.join("; ", down)) + ".");
            List<String> failed = part.stream()
                    .filter(c -> c.failed() > 0)
                    .map(c -> c.strategy() + " " + c.load() + " (" + c.failed() + ")")
                    .toList();
            facts.add(mode + ", uploads failed (reset, timeout, 5xx or wrong MD5) in "
                    + (failed.isEmpty() ? "no cell" : String.join("; ", failed)) + ".");
            part.stream()
                    .filter(c -> timeRatio(result, c) != null && !c.strategy().equals(UploadSettings.VALET_KEY))
                    .min(Comparator.comparingDouble(c -> timeRatio(result, c)))
                    .ifPresent(c -> facts.add(mode + ", the fastest strategy relative to direct was " + c.strategy()
                            + " at " + c.load() + " (" + fmt(timeRatio(result, c), 2) + " × direct's time)."));
            part.stream()
                    .filter(c -> c.memory().livePerUploadBytes() != null)
                    .max(Comparator.comparingDouble(c -> c.memory().livePerUploadBytes()))
                    .ifPresent(c -> facts.add(mode + ", the most live heap per upload in flight: " + c.strategy()
                            + " at " + c.load() + " (" + fmt(c.memory().livePerUploadBytes() / MIB, 2) + " MiB)."));
        }
        for (String f : facts) {
            md.append("- ").append(f).append('\n');
        }
        md.append('\n');
    }

    private static void gatlingReports(StringBuilder md, StudyResult result, Path reportFile, Path runDir) {
        md.append("## Gatling reports\n\nIn the run's directory (not in git): `")
                .append(relativeOrAbsolute(reportFile, runDir))
                .append("/`, one HTML report per cell:\n\n");
        for (StudyResult.Cell c : ordered(result)) {
            if (c.report() != null) {
                md.append("- ")
                        .append(c.budget() ? "budget on" : "budget off")
                        .append(", ")
                        .append(c.strategy())
                        .append(", ")
                        .append(c.load())
                        .append(": `")
                        .append(c.report())
                        .append("`\n");
            }
        }
        md.append('\n');
    }

    private static void soak(StringBuilder md, StudyResult.Soak s) {
        md.append("## Soak: ").append(s.uploads()).append(" uploads, mixed strategies\n\n");
        md.append(s.users())
                .append(" users at once, each sending ")
                .append(s.uploads() / Math.max(1, s.users()))
                .append(" uploads of ")
                .append(s.fileSizeKb())
                .append(" KiB one after the other (a user's uploads overwrite one blob), strategies in turn: ")
                .append(String.join(", ", s.strategies()))
                .append(". Live heap: a forced full GC (twice) before the soak, after one warm-up upload per strategy;"
                        + " forced GCs at least 15 s apart during it; and twice again once it was over and the"
                        + " executor idle.\n\n");
        var o = s.outcomes();
        md.append("| | |\n|---|---|\n");
        row(md, "Duration", UploadStudy.duration(s.seconds()));
        row(
                md,
                "Outcomes",
                o == null
                        ? "no tally (Gatling exit " + s.gatlingExit() + ")"
                        : o.accepted() + " accepted " + o.acceptedBy() + ", " + o.refused() + " refused"
                                + breakdown(shortKeys(o.refusedBy())) + ", " + o.failed() + " failed"
                                + breakdown(o.failedBy()));
        row(md, "Throughput", o == null ? "–" : fmt(o.throughputMibPerSecond(), 1) + " MiB/s");
        row(md, "Service", (s.serviceUp() ? "up" : "**down**") + (s.oomErrors() > 0 ? ", OutOfMemoryError" : ""));
        row(md, "Live heap before (idle, after GC)", fmtMib(s.baselineLiveHeapBytes()) + " MiB");
        row(
                md,
                "Live heap during (highest after a forced GC)",
                s.maxLiveHeapBytes() == null ? "–" : fmtMib(s.maxLiveHeapBytes().doubleValue()) + " MiB");
        row(md, "Peak heap used during (garbage included)", fmtMib(s.memory().peakHeapUsedBytes()) + " MiB");
        row(
                md,
                "Live heap after (idle, after GC)",
                s.afterLiveHeapBytes() < 0 ? "– (service down)" : fmtMib(s.afterLiveHeapBytes()) + " MiB");
        long delta = s.afterLiveHeapBytes() - s.baselineLiveHeapBytes();
        boolean back = s.afterLiveHeapBytes() >= 0 && delta <= SOAK_TOLERANCE_BYTES;
        row(
                md,
                "After − before",
                s.afterLiveHeapBytes() < 0
                        ? "–"
                        : String.format(Locale.ROOT, "%+.1f MiB", delta / MIB) + " — "
                                + (back
                                        ? "back at its baseline (within " + SOAK_TOLERANCE_BYTES / (1024 * 1024)
                                                + " MiB)"
                                        : "**not** back at its baseline (more than "
                                                + SOAK_TOLERANCE_BYTES / (1024 * 1024) + " MiB above)"));
        md.append('\n');
    }

    static String verdict(StudyResult.Cell c) {
        if (!c.serviceUp() || c.oomErrors() > 0) {
            return "**service down** (" + c.accepted() + " accepted, " + c.failed() + " failed"
                    + (c.oomErrors() > 0 ? ", OutOfMemoryError" : "") + ")";
        }
        if (c.failed() > 0) {
            return c.failed() + " of " + c.users() + " failed";
        }
        return "held (" + c.accepted() + " accepted, peak heap "
                + fmtMib(c.memory().peakHeapUsedBytes()) + " MiB)";
    }

    private static Optional<StudyResult.Cell> find(StudyResult result, String s, int size, int users, boolean budget) {
        return result.cells().stream()
                .filter(c ->
                        c.strategy().equals(s) && c.fileSizeMb() == size && c.users() == users && c.budget() == budget)
                .findFirst();
    }

    /** Problem types shortened to their last path segment ({@code queue-full}, {@code memory-budget}). */
    static Map<String, Integer> shortKeys(Map<String, Integer> byType) {
        return byType.entrySet().stream()
                .collect(Collectors.toMap(
                        e -> {
                            String k = e.getKey();
                            int slash = k.lastIndexOf('/');
                            return slash >= 0 && slash < k.length() - 1 ? k.substring(slash + 1) : k;
                        },
                        Map.Entry::getValue,
                        Integer::sum,
                        java.util.TreeMap::new));
    }

    private static String breakdown(Map<String, Integer> by) {
        if (by.isEmpty()) {
            return "";
        }
        return " ("
                + by.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "))
                + ")";
    }

    private static void row(StringBuilder md, String k, String v) {
        md.append("| ").append(k).append(" | ").append(v).append(" |\n");
    }

    static String fmt(Double v, int decimals) {
        return v != null && Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "–";
    }

    private static String fmtMib(Double bytes) {
        return bytes == null ? "–" : fmt(bytes / MIB, 0);
    }

    private static String fmtMib(long bytes) {
        return fmt(bytes / MIB, 0);
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

    private static void memoryChart(StudyResult result, Path file) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (StudyResult.Cell c : ordered(result)) {
            if (!c.budget()) {
                continue;
            }
            if (c.memory().peakHeapUsedBytes() != null) {
                data.addValue(c.memory().peakHeapUsedBytes() / MIB, "peak heap used, " + c.load(), c.strategy());
            }
            if (c.memory().liveAboveIdleBytes() != null) {
                data.addValue(c.memory().liveAboveIdleBytes() / MIB, "live in flight, " + c.load(), c.strategy());
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "upload-service heap per strategy, budget on ("
                        + result.run().serviceOpts().split(" ")[0] + "; local Azurite)",
                "strategy",
                "MiB",
                data);
        CategoryPlot plot = style(chart);
        double heap = heapMib(result.run().serviceOpts().split(" ")[0]);
        if (!Double.isNaN(heap)) {
            ValueMarker max = new ValueMarker(heap, Color.RED, new BasicStroke(1.5f));
            max.setLabel("-Xmx");
            plot.addRangeMarker(max);
            plot.getRangeAxis()
                    .setUpperBound(Math.max(heap * 1.1, plot.getRangeAxis().getUpperBound()));
        }
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 1100, 560);
    }

    private static void timeChart(StudyResult result, Path file) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (StudyResult.Direct d : result.direct()) {
            data.addValue(d.spanSeconds(), d.load(), "direct");
        }
        for (StudyResult.Cell c : ordered(result)) {
            if (c.budget() && c.outcomes() != null && c.outcomes().spanSeconds() != null) {
                data.addValue(c.outcomes().spanSeconds(), c.load(), c.strategy());
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(
                "Burst time (first request to last answer), budget on, beside the SDK alone",
                "strategy",
                "seconds",
                data);
        style(chart);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, 1100, 560);
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

    /** One CSV row per cell (and per direct row): every figure of the report, for other tools. */
    @JsonPropertyOrder({
        "budget",
        "strategy",
        "fileSizeMb",
        "users",
        "accepted",
        "refused",
        "failed",
        "refusedBy",
        "failedBy",
        "meanSeconds",
        "p95Seconds",
        "burstSeconds",
        "throughputMibPerSecond",
        "timeRatioToDirect",
        "throughputRatioToDirect",
        "peakHeapMiB",
        "idleLiveHeapMiB",
        "liveInFlightMiB",
        "inFlight",
        "livePerUploadMiB",
        "peakDirectMiB",
        "peakRssMiB",
        "serviceUp",
        "oomErrors",
        "gatlingExit"
    })
    record CsvRow(
            String budget,
            String strategy,
            int fileSizeMb,
            int users,
            Integer accepted,
            Integer refused,
            Integer failed,
            String refusedBy,
            String failedBy,
            Double meanSeconds,
            Double p95Seconds,
            Double burstSeconds,
            Double throughputMibPerSecond,
            Double timeRatioToDirect,
            Double throughputRatioToDirect,
            Double peakHeapMiB,
            Double idleLiveHeapMiB,
            Double liveInFlightMiB,
            Integer inFlight,
            Double livePerUploadMiB,
            Double peakDirectMiB,
            Double peakRssMiB,
            Boolean serviceUp,
            Integer oomErrors,
            Integer gatlingExit) {}

    static String csv(StudyResult result) throws IOException {
        List<CsvRow> rows = new ArrayList<>();
        for (StudyResult.Direct d : result.direct()) {
            rows.add(new CsvRow(
                    "",
                    "direct",
                    d.fileSizeMb(),
                    d.users(),
                    d.uploads() - d.failed(),
                    0,
                    d.failed(),
                    "",
                    "",
                    d.meanSeconds(),
                    d.p95Seconds(),
                    d.spanSeconds(),
                    d.throughputMibPerSecond(),
                    1.0,
                    1.0,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null));
        }
        for (StudyResult.Cell c : ordered(result)) {
            var o = c.outcomes();
            var m = c.memory();
            rows.add(new CsvRow(
                    c.budget() ? "on" : "off",
                    c.strategy(),
                    c.fileSizeMb(),
                    c.users(),
                    c.accepted(),
                    o == null ? null : o.refused(),
                    c.failed(),
                    o == null ? "" : joined(shortKeys(o.refusedBy())),
                    o == null ? "" : joined(o.failedBy()),
                    o == null ? null : o.meanSeconds(),
                    o == null ? null : o.p95Seconds(),
                    o == null ? null : o.spanSeconds(),
                    o == null ? null : o.throughputMibPerSecond(),
                    timeRatio(result, c),
                    throughputRatio(result, c),
                    mib(m.peakHeapUsedBytes()),
                    m.idleLiveHeapBytes() == null
                            ? null
                            : mib(m.idleLiveHeapBytes().doubleValue()),
                    m.liveAboveIdleBytes() == null
                            ? null
                            : mib(m.liveAboveIdleBytes().doubleValue()),
                    m.inFlight(),
                    mib(m.livePerUploadBytes()),
                    mib(m.peakDirectBytes()),
                    mib(m.peakRssBytes()),
                    c.serviceUp(),
                    c.oomErrors(),
                    c.gatlingExit()));
        }
        CsvMapper mapper = new CsvMapper();
        CsvSchema schema = mapper.schemaFor(CsvRow.class).withHeader();
        return mapper.writer(schema).writeValueAsString(rows);
    }

    private static String joined(Map<String, Integer> map) {
        return map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static Double mib(Double bytes) {
        return bytes == null ? null : Math.round(bytes / MIB * 100) / 100.0;
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
