package dev.iolab.loadtest.study;

import static dev.iolab.reporting.markdown.Figures.fixed;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.iolab.loadtest.AtomicFiles;
import dev.iolab.loadtest.RunInfo;
import dev.iolab.loadtest.UploadSettings;
import dev.iolab.loadtest.study.findings.FindingsRenderer;
import dev.iolab.loadtest.study.findings.StudyFigures;
import dev.iolab.loadtest.study.findings.UploadFindings;
import dev.iolab.reporting.chart.ChartStyle;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.stats.Medians;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Writes the study's report from a {@link StudyResult}: {@code upload-study.md} — the ceilings, every strategy as a
 * ratio of each ceiling with the CPU seconds of each process, memory, the valet-key row, the original study's figures,
 * the soak — three charts and {@code upload-study.csv} beside it. Every file is written to a temp file and moved into
 * place, so a failed run leaves the previous report whole.
 *
 * <p>Regenerate a report from a run's {@code study.json}:
 * {@code java -cp <load-test classpath> dev.iolab.loadtest.study.UploadStudyReport <study.json> <report.md>}.
 */
public final class UploadStudyReport {

    /**
     * The original study's published mean seconds per file (1 MB, 10 MB), 125 simultaneous uploads to real Azure Blob
     * Storage from a 512 MB container, and what it reported about each strategy: reference figures, keyed by the
     * original's strategy names.
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

    /** The valet-key goal: at 10 MB × 125 it takes at most this many times the storage row's time. */
    static final double VALET_KEY_GOAL = 1.10;

    /** The ceilings in report order. */
    static final List<String> CEILINGS =
            List.of(StudyResult.Ceiling.DIRECT, StudyResult.Ceiling.STORAGE, StudyResult.Ceiling.NGINX);

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
        if (result.cells().isEmpty() && result.ceilings().isEmpty() && result.soak() == null) {
            throw new IllegalArgumentException("the study measured nothing: no cells, no ceilings and no soak");
        }
        Path outDir = reportFile.toAbsolutePath().getParent();
        Files.createDirectories(outDir);
        String base = baseName(reportFile);
        if (!result.cells().isEmpty() || !result.ceilings().isEmpty()) {
            AtomicFiles.write(outDir.resolve(base + "-time.png"), tmp -> timeChart(result, tmp));
            AtomicFiles.write(outDir.resolve(base + "-cpu.png"), tmp -> cpuChart(result, tmp));
            if (!result.cells().isEmpty()) {
                AtomicFiles.write(outDir.resolve(base + "-memory.png"), tmp -> memoryChart(result, tmp));
            }
            AtomicFiles.write(outDir.resolve(base + ".csv"), tmp -> Files.writeString(tmp, csv(result)));
        }
        AtomicFiles.write(
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

    /** The (size, users) loads measured, in order: by size, then users. */
    static List<List<Integer>> loads(StudyResult result) {
        Set<List<Integer>> loads = new LinkedHashSet<>();
        result.ceilings().forEach(c -> loads.add(List.of(c.fileSizeMb(), c.users())));
        result.cells().forEach(c -> loads.add(List.of(c.fileSizeMb(), c.users())));
        return loads.stream()
                .sorted(Comparator.comparing((List<Integer> l) -> l.get(0)).thenComparing(l -> l.get(1)))
                .toList();
    }

    /**
     * The cell's burst time (first request to last answer) ÷ the ceiling {@code row}'s at the same size and users; null
     * without both or without a stored upload.
     */
    static Double timeRatio(StudyResult result, StudyResult.Cell c, String row) {
        return result.ceiling(row, c.fileSizeMb(), c.users())
                .filter(d -> c.accepted() > 0 && c.outcomes().spanSeconds() != null && d.spanSeconds() > 0)
                .map(d -> c.outcomes().spanSeconds() / d.spanSeconds())
                .orElse(null);
    }

    /** The cell's stored MiB/s ÷ the ceiling {@code row}'s; null without both. */
    static Double throughputRatio(StudyResult result, StudyResult.Cell c, String row) {
        return result.ceiling(row, c.fileSizeMb(), c.users())
                .filter(d -> c.outcomes() != null
                        && c.outcomes().throughputMibPerSecond() != null
                        && d.throughputMibPerSecond() != null
                        && d.throughputMibPerSecond() > 0)
                .map(d -> c.outcomes().throughputMibPerSecond() / d.throughputMibPerSecond())
                .orElse(null);
    }

    /** A ceiling's time ÷ another ceiling's ({@code nginx} ÷ {@code storage}: what the cheapest hop costs). */
    static Double ceilingRatio(StudyResult result, StudyResult.Ceiling c, String row) {
        return result.ceiling(row, c.fileSizeMb(), c.users())
                .filter(d -> d.spanSeconds() > 0 && c.spanSeconds() > 0)
                .map(d -> c.spanSeconds() / d.spanSeconds())
                .orElse(null);
    }

    // ---------------------------------------------------------------------------------------------- markdown

    /** The report: its title, its findings (from the tables below them), then the tables. */
    static String markdown(StudyResult result, Path reportFile, Path runDir) {
        String body = body(result, reportFile, runDir);
        StudyFigures figures = ResultFigures.of(result, body);
        return (result.soak() != null ? "# The upload study: soak\n\n" : "# The upload study, re-run\n\n")
                + FindingsRenderer.report(figures, UploadFindings.of(figures))
                + body;
    }

    private static String body(StudyResult result, Path reportFile, Path runDir) {
        StringBuilder md = new StringBuilder(16_384);
        RunInfo run = result.run();
        md.append("Generated by `scripts/upload-study.sh` (`dev.iolab.loadtest.study.UploadStudy`; see "
                + "[docs/load-test.md](../load-test.md)); do not edit by hand, re-run the script.\n\n");
        md.append(run.rows(
                                "between cells",
                                " (Gatling, nginx, Azurite and the service share the machine; anything else running"
                                        + " adds to it)")
                        .row(
                                "Service",
                                "upload-service jar, `" + run.serviceOpts() + "`, executor " + run.executorThreads()
                                        + " threads, capacity " + run.capacity() + " (threads + queue), strategies "
                                        + String.join(", ", result.strategies()) + " (from its `/actuator/info`)")
                        .render())
                .append('\n');
        if (!result.cells().isEmpty() || !result.ceilings().isEmpty()) {
            method(md, result);
            ceilings(md, result);
            cellTables(md, result);
            valetKey(md, result);
            rounds(md, result);
            charts(md, reportFile, !result.cells().isEmpty());
            if (!result.cells().isEmpty()) {
                original(md, result);
            }
            facts(md, result);
            gatlingReports(md, result, reportFile, runDir);
        }
        if (result.soak() != null) {
            soak(md, result.soak());
        }
        return md.toString();
    }

    private static void method(StringBuilder md, StudyResult result) {
        Integer bursts = result.warmUpBursts();
        String warm = bursts == null
                ? ""
                : bursts == 0
                        ? "No ceiling or cell was warmed up (`--warm-up 0`): each timed burst includes the JIT"
                                + " compiling its code in the service, Azurite and Gatling."
                        : "Each ceiling and cell sent its burst " + (bursts == 1 ? "once" : bursts + " times")
                                + " untimed first (the same users and requests, other blob names, `--warm-up " + bursts
                                + "`), with " + warmUpFiles(result) + ": the timed burst meets a service, an Azurite"
                                + " and a client that have compiled much of what it runs, as a service that has been up"
                                + " for a while has."
                                + (bursts == 1
                                        ? ""
                                        : " A ceiling's Azurite is restarted empty before its last warm-up, so that its"
                                                + " timed run meets one holding a single warm-up's bytes.");
        String forced = forcedGcs(result.cells().stream()
                .map(StudyResult.Cell::memory)
                .filter(Objects::nonNull)
                .toList());
        md.append("""
                Each cell: Gatling starts *users* virtual users at once, each from its own loopback address (127.0.1.1,
                127.0.1.2, …: distinct clients to the service), each uploading one file of random bytes with one strategy
                to the service jar, which stores into a fresh in-memory Azurite (restarted with the service for each
                strategy) — not real Azure, so absolute times are not comparable with the original's, only the relations
                between rows.

                **Three ceilings, measured in the same run with the same file and the same Azurite:** `direct` — the
                Azure SDK alone (`BlobClient.uploadFromFile`, defaults) uploading the file min(users, capacity) times from
                as many threads as the service's executor has: what the service could do if it added nothing; `storage` —
                the cell's Gatling users PUT the file straight to Azurite with a SAS (one Put Blob each): the clients and
                the blob store alone; `nginx` — the same users through nginx (Debian's, `proxy_request_buffering off`,
                keep-alive upstream) in front of Azurite: the cheapest possible hop. *÷ direct*, *÷ storage* and *÷ nginx*
                are the cell's burst time (first request to last answer) divided by the ceiling's at the same size and
                users — 1.00 is the ceiling's own speed. Above the service's capacity the service stores only capacity
                uploads and refuses the rest before their bodies, while `storage` and `nginx` store all: there the time
                ratios flatter the service; the CSV has MiB/s ratios too.

                **CPU seconds** (user + system, from `/proc/PID/stat`) of each process during the burst: *client* (the
                Gatling JVM from its first user's start to the end of the run, without its start-up and HTML report; the
                study's own JVM for `direct`), *hop* (the service JVM; nginx's master and workers) and *Azurite* (its node
                process) from the burst's first request to its last answer (read every 50 ms, interpolated at both ends,
                so Gatling's start-up and the idle seconds around the burst count for no one). All share the machine's
                cores, so a hop's CPU is taken from the clients' and Azurite's. *Service read per upload* is what the
                service read (`rchar` of `/proc/PID/io`: client bodies, storage answers, spool files alike — an upper
                bound) divided by the uploads stored.

                **Memory:** *peak heap* is heap used (`jvm_memory_used_bytes{area="heap"}`, garbage included) sampled every
                0.5 s; *live in flight* is the heap right after a forced full GC (JMX `MemoryMXBean.gc()` through the attach
                API) while at least 80 % of min(users, threads) uploads ran on the executor, minus the heap after a forced
                GC just before the cell (idle); *per upload* divides it by the uploads running at that GC. {forced}
                RSS is the process's resident memory.

                {warm}

                """.replace("{forced}", forced)
                        .replace("{warm}", warm)
                        .replace("\n\n", "\u0000")
                        .replace("\n", " ")
                        .replace("\u0000", "\n\n")
                        .strip()
                + "\n\n");
    }

    private static void ceilings(StringBuilder md, StudyResult result) {
        if (result.ceilings().isEmpty()) {
            return;
        }
        md.append("## Ceilings: the same files without the service\n\n");
        MarkdownTable t = new MarkdownTable()
                .left("row")
                .left("load")
                .left("clients")
                .right("stored")
                .right("failed")
                .right("mean s")
                .right("p95 s")
                .right("burst s")
                .right("MiB/s")
                .right("÷ storage")
                .right("CPU s client")
                .right("CPU s hop")
                .right("CPU s Azurite");
        List<StudyResult.Ceiling> rows = new ArrayList<>(result.ceilings());
        rows.sort(Comparator.comparingInt(StudyResult.Ceiling::fileSizeMb)
                .thenComparingInt(StudyResult.Ceiling::users)
                .thenComparingInt(c -> CEILINGS.indexOf(c.row())));
        for (StudyResult.Ceiling c : rows) {
            t.row(
                    "**" + c.row() + "**",
                    c.load(),
                    c.clients(),
                    c.stored(),
                    c.failed(),
                    fixed(c.meanSeconds(), 2),
                    fixed(c.p95Seconds(), 2),
                    fixed(c.spanSeconds(), 2),
                    fixed(c.throughputMibPerSecond(), 1),
                    fixed(ceilingRatio(result, c, StudyResult.Ceiling.STORAGE), 2),
                    fixed(c.cpu().client(), 1),
                    fixed(c.cpu().hop(), 1),
                    fixed(c.cpu().storage(), 1));
        }
        md.append(t.render()).append('\n');
    }

    private static void cellTables(StringBuilder md, StudyResult result) {
        for (boolean budget : new boolean[] {true, false}) {
            List<StudyResult.Cell> part = ordered(result).stream()
                    .filter(c -> c.budget() == budget && !c.strategy().equals(UploadSettings.VALET_KEY))
                    .toList();
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
            md.append("Time and CPU:\n\n");
            MarkdownTable time = new MarkdownTable()
                    .left("strategy")
                    .left("load")
                    .right("accepted")
                    .left("refused")
                    .left("failed")
                    .right("mean s")
                    .right("p95 s")
                    .right("burst s")
                    .right("÷ direct")
                    .right("÷ storage")
                    .right("÷ nginx")
                    .right("CPU s client")
                    .right("CPU s service")
                    .right("CPU s Azurite")
                    .right("service read MiB / upload");
            for (StudyResult.Cell c : part) {
                var o = c.outcomes();
                time.row(
                        c.strategy(),
                        c.load(),
                        c.accepted(),
                        o == null ? null : o.refused() + breakdown(shortKeys(o.refusedBy())),
                        o == null ? c.users() + " (Gatling crashed)" : o.failed() + breakdown(o.failedBy()),
                        o == null ? null : fixed(o.meanSeconds(), 2),
                        o == null ? null : fixed(o.p95Seconds(), 2),
                        o == null ? null : fixed(o.spanSeconds(), 2),
                        fixed(timeRatio(result, c, StudyResult.Ceiling.DIRECT), 2),
                        fixed(timeRatio(result, c, StudyResult.Ceiling.STORAGE), 2),
                        fixed(timeRatio(result, c, StudyResult.Ceiling.NGINX), 2),
                        cpu(c, StudyResult.Cpu::client),
                        cpu(c, StudyResult.Cpu::hop),
                        cpu(c, StudyResult.Cpu::storage),
                        c.reads() == null ? null : fixed(c.reads().bytesPerUpload() / MIB, 1));
            }
            md.append(time.render()).append('\n');
            md.append("Memory:\n\n");
            MarkdownTable memory = new MarkdownTable()
                    .left("strategy")
                    .left("load")
                    .right("peak heap MiB")
                    .right("live in flight MiB")
                    .right("per upload MiB")
                    .right("peak RSS MiB")
                    .left("service up")
                    .left("assertions");
            for (StudyResult.Cell c : part) {
                var m = c.memory();
                memory.row(
                        c.strategy(),
                        c.load(),
                        Figures.mib(m.peakHeapUsedBytes()),
                        m.liveAboveIdleBytes() == null
                                ? null
                                : Figures.mib(m.liveAboveIdleBytes().doubleValue())
                                        + (m.inFlight() == null ? "" : " (" + m.inFlight() + ")"),
                        m.livePerUploadBytes() == null ? null : fixed(m.livePerUploadBytes() / MIB, 2),
                        Figures.mib(m.peakRssBytes()),
                        (c.serviceUp() ? "yes" : "**no**") + (c.oomErrors() > 0 ? " (OutOfMemoryError)" : ""),
                        c.assertionsPassed() ? "pass" : "**fail** (exit " + c.gatlingExit() + ")");
            }
            md.append(memory.render()).append('\n');
        }
    }

    private static String cpu(StudyResult.Cell c, Function<StudyResult.Cpu, Double> part) {
        return c.cpu() == null ? null : fixed(part.apply(c.cpu()), 1);
    }

    private static void valetKey(StringBuilder md, StudyResult result) {
        if (result.cells().isEmpty()) {
            return;
        }
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
                + " upload. Live heap: forced GCs at least 2 s apart from the first second of the burst on."
                + " *Read from storage per upload*: what the service's completions read back to verify an upload, from"
                + " its own metric (`" + UploadStudy.VERIFY_READ_METRIC + "`) when it has one, else everything the"
                + " service read (`rchar`, an upper bound).\n\n");
        MarkdownTable t = new MarkdownTable()
                .left("load")
                .right("accepted")
                .right("failed")
                .right("burst s")
                .right("÷ storage")
                .right("÷ nginx")
                .right("CPU s client")
                .right("CPU s service")
                .right("CPU s Azurite")
                .right("read from storage MiB / upload")
                .right("idle live heap MiB")
                .right("live heap during MiB")
                .right("above idle MiB");
        for (StudyResult.Cell c : rows) {
            var m = c.memory();
            StudyResult.ServiceReads reads = c.verifyReads() != null ? c.verifyReads() : c.reads();
            t.row(
                    c.load(),
                    c.accepted(),
                    c.failed(),
                    c.outcomes() == null ? null : fixed(c.outcomes().spanSeconds(), 2),
                    fixed(timeRatio(result, c, StudyResult.Ceiling.STORAGE), 2),
                    fixed(timeRatio(result, c, StudyResult.Ceiling.NGINX), 2),
                    cpu(c, StudyResult.Cpu::client),
                    cpu(c, StudyResult.Cpu::hop),
                    cpu(c, StudyResult.Cpu::storage),
                    reads == null
                            ? null
                            : fixed(reads.bytesPerUpload() / MIB, 2)
                                    + (reads.source().equals("rchar") ? " (rchar, upper bound)" : ""),
                    m.idleLiveHeapBytes() == null
                            ? null
                            : Figures.mib(m.idleLiveHeapBytes().doubleValue()),
                    m.liveHeapBytes() == null
                            ? null
                            : Figures.mib(m.liveHeapBytes().doubleValue()),
                    m.liveAboveIdleBytes() == null
                            ? null
                            : Figures.mib(m.liveAboveIdleBytes().doubleValue()));
        }
        md.append(t.render()).append('\n');
        find(result, UploadSettings.VALET_KEY, 10, 125, true).ifPresent(c -> valetKeyGoal(md, result, c));
    }

    /**
     * The valet-key goal against the storage row's time: with rounds, the median of the pairs (a storage burst and the
     * cell's, one right after the other); else the cell's one burst ÷ the storage ceiling measured at
     * the start of the run, which is said, since one burst moves between runs far more than a pair does
     * (docs/results/upload-service-measurements.md, "what one hop costs").
     */
    private static void valetKeyGoal(StringBuilder md, StudyResult result, StudyResult.Cell c) {
        List<Double> pairs = c.rounds() == null
                ? List.of()
                : c.rounds().stream()
                        .filter(r ->
                                StudyResult.Ceiling.STORAGE.equals(r.partner().row()))
                        .map(StudyResult.Round::timeRatio)
                        .toList();
        Double ratio = pairs.isEmpty() ? timeRatio(result, c, StudyResult.Ceiling.STORAGE) : Medians.of(pairs);
        if (ratio == null || ratio.isNaN()) {
            return;
        }
        md.append("**Goal:** at 10 MB × 125, valet-key uploads take at most ")
                .append(fixed(VALET_KEY_GOAL, 2))
                .append(" × the storage row's time. This run: ")
                .append(pairs.isEmpty() ? fixed(ratio, 2) : Figures.spread(pairs, 2))
                .append(" × (")
                .append(
                        pairs.isEmpty()
                                ? "one burst ÷ the storage ceiling's at the start of the run"
                                : "median of " + pairs.size() + " pairs beside storage, lowest–highest in brackets")
                .append(") — ")
                .append(ratio <= VALET_KEY_GOAL ? "met" : "**not met**")
                .append(".\n\n");
    }

    /** "1 MiB files", or the warm-up size the run chose. */
    private static String warmUpFiles(StudyResult result) {
        Integer mb = result.warmUpMb();
        return mb == null || mb == 1
                ? "1 MiB files"
                : mb + " MiB files for the service's cells (or the cell's size, if smaller; `--warm-up-size " + mb
                        + "`) and 1 MiB files for the ceilings, which warm Azurite, nginx and the SDK";
    }

    /** Cells measured in rounds beside their ceiling (--rounds 2 or more): the median of the pairs' ratios. */
    private static void rounds(StringBuilder md, StudyResult result) {
        List<StudyResult.Cell> paired = ordered(result).stream()
                .filter(c -> c.rounds() != null && !c.rounds().isEmpty())
                .toList();
        if (paired.isEmpty()) {
            return;
        }
        md.append("## In pairs: each burst beside its ceiling's\n\n");
        boolean ownAzurite = paired.stream()
                .flatMap(c -> c.rounds().stream())
                .allMatch(r -> r.partnerAzuriteReadBytes() != null && r.cellAzuriteReadBytes() != null);
        if (ownAzurite) {
            md.append(
                    "Each cell below sent its timed burst in rounds, each paired with a burst of its ceiling — `nginx`"
                            + " for a strategy (the same users through nginx), `storage` for valet-key (the same users straight to"
                            + " Azurite) — one right after the other: the partner first in odd rounds, the cell first in even"
                            + " ones, so that neither side always meets the machine later. Each burst of a pair has an Azurite of"
                            + " its own, restarted empty on the same port and warmed by one untimed burst of the same users with"
                            + " 1 MiB files through the same path: an in-memory Azurite pays more CPU per GB as it fills, so a"
                            + " burst into the Azurite its partner had just filled would be charged for the partner's bytes."
                            + " The last column gives the most any pair's Azurite had read since its restart when the"
                            + " timed burst began (partner / cell): the warm-up's bodies and requests, nothing of the other"
                            + " burst; the partner's run then sends one more 1 MiB file before its burst.");
        } else {
            md.append(
                    "Each cell below sent its timed burst in rounds, each right after a burst of its ceiling against the"
                            + " same Azurite — `nginx` for a strategy (the same users through nginx), `storage` for valet-key (the"
                            + " same users straight to Azurite) — each pair on an Azurite restarted empty and warmed by the"
                            + " partner's untimed bursts. In this run the cell's burst went second, into the Azurite its"
                            + " partner's burst had just filled; an in-memory Azurite pays more CPU per GB as it fills, so the"
                            + " time and Azurite ratios below lean against the cell.");
        }
        md.append(" A pair's ratio is the cell's figure ÷ its partner's; the table gives the median over the pairs and,"
                + " in brackets, the lowest and the highest pair. One burst's time moves 10–20 % between runs on a"
                + " shared 2-core machine; the median of several back-to-back pairs is the figure to set beside a goal."
                + " The tables above show each cell's last round.\n\n");
        MarkdownTable table = new MarkdownTable()
                .left("row")
                .left("load")
                .left("partner")
                .right("pairs")
                .right("time ÷ partner")
                .right("hop CPU ÷ nginx's")
                .right("Azurite CPU ÷ behind partner")
                .right("burst s")
                .right("partner burst s");
        if (ownAzurite) {
            table.right("Azurite read before, MiB");
        }
        for (StudyResult.Cell c : paired) {
            List<StudyResult.Round> rounds = c.rounds();
            List<Object> row = new ArrayList<>(List.of(
                    c.strategy(),
                    c.load(),
                    rounds.getFirst().partner().row(),
                    Integer.toString(rounds.size()),
                    Figures.spread(
                            rounds.stream().map(StudyResult.Round::timeRatio).toList(), 2),
                    Figures.spread(
                            rounds.stream().map(StudyResult.Round::hopCpuRatio).toList(), 2),
                    Figures.spread(
                            rounds.stream()
                                    .map(StudyResult.Round::storageCpuRatio)
                                    .toList(),
                            2),
                    fixed(
                            Medians.of(rounds.stream()
                                    .map(StudyResult.Round::spanSeconds)
                                    .toList()),
                            2),
                    fixed(
                            Medians.of(rounds.stream()
                                    .map(r -> r.partner().spanSeconds())
                                    .toList()),
                            2)));
            if (ownAzurite) {
                row.add(mostMib(rounds.stream().map(StudyResult.Round::partnerAzuriteReadBytes))
                        + " / "
                        + mostMib(rounds.stream().map(StudyResult.Round::cellAzuriteReadBytes)));
            }
            table.row(row);
        }
        md.append(table.render()).append('\n');
    }

    /** The largest of {@code bytes} in whole MiB. */
    private static String mostMib(Stream<Long> bytes) {
        return Long.toString(Math.round(bytes.mapToLong(Long::longValue).max().orElse(0) / (1024.0 * 1024.0)));
    }

    /**
     * What the cells' forced GCs mean for their figures. A study.json re-rendered here may come from an earlier
     * version of the study that, with {@code --heap-probes 0}, still forced one GC before each timed burst (for an idle
     * live heap it did not use): its memory then holds that figure, and the report says so rather than claiming none.
     */
    static String forcedGcs(List<StudyResult.Memory> memories) {
        int probes =
                memories.stream().mapToInt(StudyResult.Memory::liveProbes).max().orElse(0);
        if (probes > 0) {
            return "This run forced up to " + probes + " per cell (`--heap-probes`), each a pause the cell's time"
                    + " includes and work the service's CPU includes.";
        }
        return memories.stream().anyMatch(m -> m.idleLiveHeapBytes() != null)
                ? "This run forced none during its cells (`--heap-probes 0`) but one right before each timed burst,"
                        + " for an idle live heap it did not use: it has no live heap figures; no cell's time or CPU"
                        + " includes a forced GC, but a burst may include the concurrent marking G1 ran after one."
                : "This run forced none (`--heap-probes 0`), not even the idle one before a burst: it has no live"
                        + " heap figures, and no cell's time or CPU includes a forced GC or the concurrent marking G1 ran"
                        + " during the burst after one.";
    }

    private static void charts(StringBuilder md, Path reportFile, boolean cells) {
        String base = baseName(reportFile);
        md.append("## Charts\n\n")
                .append("![burst time per strategy, the ceilings as reference lines](")
                .append(base)
                .append("-time.png)\n\n![CPU seconds per process and row](")
                .append(base)
                .append("-cpu.png)\n\n");
        if (cells) {
            md.append("![peak heap used and live heap in flight per strategy](")
                    .append(base)
                    .append("-memory.png)\n\n");
        }
        md.append("Every figure: [`")
                .append(base)
                .append(".csv`](")
                .append(base)
                .append(".csv).\n\n");
    }

    private static void original(StringBuilder md, StudyResult result) {
        md.append("## Beside the original study\n\n"
                + "The original: 125 simultaneous uploads per strategy to real Azure Blob Storage from a 512 MB container"
                + " (published mean seconds per file); ours: the same burst into a local Azurite, budget on.\n\n");
        MarkdownTable t = new MarkdownTable()
                .left("strategy")
                .right("original 1 MB")
                .right("ours 1 MB")
                .right("original 10 MB")
                .right("ours 10 MB")
                .left("original finding")
                .left("ours (10 MB × 125, budget off)");
        for (String s : result.strategies()) {
            double[] published = ORIGINAL_MEANS.get(s);
            t.row(
                    s,
                    published == null ? null : fixed(published[0], 2),
                    mean(result, s, 1),
                    published == null ? null : fixed(published[1], 2),
                    mean(result, s, 10),
                    ORIGINAL_FINDINGS.getOrDefault(s, "(not in the original)"),
                    find(result, s, 10, 125, false)
                            .map(UploadStudyReport::verdict)
                            .orElse("not run"));
        }
        md.append(t.render()).append('\n');
    }

    private static String mean(StudyResult result, String strategy, int size) {
        return find(result, strategy, size, 125, true)
                .filter(c -> c.outcomes() != null)
                .map(c -> fixed(c.outcomes().meanSeconds(), 2))
                .orElse("not run");
    }

    private static void facts(StringBuilder md, StudyResult result) {
        md.append("## What this run established\n\n");
        List<String> facts = new ArrayList<>();
        for (StudyResult.Ceiling c : result.ceilings()) {
            if (c.row().equals(StudyResult.Ceiling.NGINX)) {
                Double hop = ceilingRatio(result, c, StudyResult.Ceiling.STORAGE);
                if (hop != null) {
                    facts.add("At " + c.load() + ", nginx in front of Azurite took " + fixed(hop, 2)
                            + " × the time of the same clients PUTting straight to it (nginx used "
                            + fixed(c.cpu().hop(), 1) + " CPU s).");
                }
            }
        }
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
            for (String row : List.of(StudyResult.Ceiling.STORAGE, StudyResult.Ceiling.NGINX)) {
                part.stream()
                        .filter(c -> timeRatio(result, c, row) != null
                                && !c.strategy().equals(UploadSettings.VALET_KEY))
                        .min(Comparator.comparingDouble(c -> timeRatio(result, c, row)))
                        .ifPresent(c -> facts.add(mode + ", the fastest strategy relative to " + row + " was "
                                + c.strategy() + " at " + c.load() + " (" + fixed(timeRatio(result, c, row), 2)
                                + " × " + row + "'s time)."));
            }
            part.stream()
                    .filter(c -> c.memory().livePerUploadBytes() != null)
                    .max(Comparator.comparingDouble(c -> c.memory().livePerUploadBytes()))
                    .ifPresent(c -> facts.add(mode + ", the most live heap per upload in flight: " + c.strategy()
                            + " at " + c.load() + " (" + fixed(c.memory().livePerUploadBytes() / MIB, 2) + " MiB)."));
        }
        for (String f : facts) {
            md.append("- ").append(f).append('\n');
        }
        md.append('\n');
    }

    private static void gatlingReports(StringBuilder md, StudyResult result, Path reportFile, Path runDir) {
        if (result.cells().isEmpty()) {
            return;
        }
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
                .append(" users at once, each from its own address and sending ")
                .append(s.uploads() / Math.max(1, s.users()))
                .append(" uploads of ")
                .append(s.fileSizeKb())
                .append(" KiB one after the other (a user's uploads overwrite one blob), strategies in turn: ")
                .append(String.join(", ", s.strategies()))
                .append(". Live heap: a forced full GC (twice) before the soak, after one warm-up upload per strategy;"
                        + " forced GCs at least 15 s apart during it; and twice again once it was over and the"
                        + " executor idle.\n\n");
        var o = s.outcomes();
        long delta = s.afterLiveHeapBytes() - s.baselineLiveHeapBytes();
        boolean back = s.afterLiveHeapBytes() >= 0 && delta <= SOAK_TOLERANCE_BYTES;
        md.append(MarkdownTable.keyValue()
                        .row("Duration", Figures.minutes(s.seconds()))
                        .row(
                                "Outcomes",
                                o == null
                                        ? "no tally (Gatling exit " + s.gatlingExit() + ")"
                                        : o.accepted() + " accepted " + o.acceptedBy() + ", " + o.refused() + " refused"
                                                + breakdown(shortKeys(o.refusedBy())) + ", " + o.failed() + " failed"
                                                + breakdown(o.failedBy()))
                        .row("Throughput", o == null ? null : fixed(o.throughputMibPerSecond(), 1) + " MiB/s")
                        .row(
                                "Service",
                                (s.serviceUp() ? "up" : "**down**") + (s.oomErrors() > 0 ? ", OutOfMemoryError" : ""))
                        .row(
                                "Live heap before (idle, after GC)",
                                Figures.mib((double) s.baselineLiveHeapBytes()) + " MiB")
                        .row(
                                "Live heap during (highest after a forced GC)",
                                s.maxLiveHeapBytes() == null
                                        ? null
                                        : Figures.mib(s.maxLiveHeapBytes().doubleValue()) + " MiB")
                        .row(
                                "Peak heap used during (garbage included)",
                                Figures.mib(s.memory().peakHeapUsedBytes()) + " MiB")
                        .row(
                                "Live heap after (idle, after GC)",
                                s.afterLiveHeapBytes() < 0
                                        ? "– (service down)"
                                        : Figures.mib((double) s.afterLiveHeapBytes()) + " MiB")
                        .row(
                                "After − before",
                                s.afterLiveHeapBytes() < 0
                                        ? null
                                        : String.format(Locale.ROOT, "%+.1f MiB", delta / MIB) + " — "
                                                + (back
                                                        ? "back at its baseline (within "
                                                                + SOAK_TOLERANCE_BYTES / (1024 * 1024) + " MiB)"
                                                        : "**not** back at its baseline (more than "
                                                                + SOAK_TOLERANCE_BYTES / (1024 * 1024) + " MiB above)"))
                        .render())
                .append('\n');
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
                + Figures.mib(c.memory().peakHeapUsedBytes()) + " MiB)";
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
                        TreeMap::new));
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

    /**
     * Burst seconds per row, one panel per load: the strategies' bars (budget on, valet-key last) with the three
     * ceilings as reference lines.
     */
    private static void timeChart(StudyResult result, Path file) throws IOException {
        CombinedDomainCategoryPlot combined = new CombinedDomainCategoryPlot(axis("strategy"));
        for (List<Integer> load : loads(result)) {
            int size = load.get(0);
            int users = load.get(1);
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (StudyResult.Cell c : ordered(result)) {
                if (c.budget()
                        && c.fileSizeMb() == size
                        && c.users() == users
                        && c.outcomes() != null
                        && c.outcomes().spanSeconds() != null) {
                    data.addValue(c.outcomes().spanSeconds(), "burst s", c.strategy());
                }
            }
            if (data.getColumnCount() == 0) {
                data.addValue(null, "burst s", "(no cell)");
            }
            CategoryPlot plot = bars(
                    new CategoryPlot(data, null, new NumberAxis(size + " MB × " + users + ", s"), new BarRenderer()));
            for (String row : CEILINGS) {
                Optional<StudyResult.Ceiling> c = result.ceiling(row, size, users);
                if (c.isPresent() && Double.isFinite(c.get().spanSeconds())) {
                    ChartStyle.ceiling(
                            plot,
                            c.get().spanSeconds(),
                            row + " " + fixed(c.get().spanSeconds(), 1) + " s");
                }
            }
            combined.add(plot, 1);
        }
        JFreeChart chart = new JFreeChart(
                "Burst time (first request to last answer), budget on; dashed: the ceilings",
                JFreeChart.DEFAULT_TITLE_FONT,
                combined,
                false);
        save(chart, file, 260 + 240 * loads(result).size());
    }

    /** CPU seconds of client, hop and Azurite, stacked, per row (ceilings, then strategies), one panel per load. */
    private static void cpuChart(StudyResult result, Path file) throws IOException {
        CombinedDomainCategoryPlot combined = new CombinedDomainCategoryPlot(axis("row"));
        for (List<Integer> load : loads(result)) {
            int size = load.get(0);
            int users = load.get(1);
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (String row : CEILINGS) {
                result.ceiling(row, size, users).ifPresent(c -> addCpu(data, row, c.cpu()));
            }
            for (StudyResult.Cell c : ordered(result)) {
                if (c.budget() && c.fileSizeMb() == size && c.users() == users && c.cpu() != null) {
                    addCpu(data, c.strategy(), c.cpu());
                }
            }
            CategoryPlot plot = bars(new CategoryPlot(
                    data, null, new NumberAxis(size + " MB × " + users + ", CPU s"), new StackedBarRenderer()));
            combined.add(plot, 1);
        }
        JFreeChart chart = new JFreeChart(
                "CPU seconds per process: client (Gatling or the SDK), hop (service or nginx), Azurite; budget on",
                JFreeChart.DEFAULT_TITLE_FONT,
                combined,
                true);
        save(chart, file, 300 + 240 * loads(result).size());
    }

    private static void addCpu(DefaultCategoryDataset data, String row, StudyResult.Cpu cpu) {
        data.addValue(cpu.client(), "client", row);
        data.addValue(cpu.hop(), "hop", row);
        data.addValue(cpu.storage(), "Azurite", row);
    }

    private static CategoryAxis axis(String label) {
        CategoryAxis axis = new CategoryAxis(label);
        axis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        return axis;
    }

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
        CategoryPlot plot = bars(new CategoryPlot(data, axis("strategy"), new NumberAxis("MiB"), new BarRenderer()));
        double heap = heapMib(result.run().serviceOpts().split(" ")[0]);
        if (!Double.isNaN(heap)) {
            ChartStyle.ceiling(plot, heap, "-Xmx " + fixed(heap, 0) + " MiB");
        }
        JFreeChart chart = new JFreeChart(
                "upload-service heap per strategy, budget on ("
                        + result.run().serviceOpts().split(" ")[0] + "; local Azurite)",
                JFreeChart.DEFAULT_TITLE_FONT,
                plot,
                true);
        save(chart, file, 560);
    }

    /** A bar panel in the lab's chart style, each bar at most 12 % of the panel wide (one bar would fill it). */
    private static CategoryPlot bars(CategoryPlot plot) {
        ChartStyle.style(plot);
        ((BarRenderer) plot.getRenderer()).setMaximumBarWidth(0.12);
        return plot;
    }

    /** Saves a chart of the study, in the lab's chart style, 1100 pixels wide. */
    private static void save(JFreeChart chart, Path file, int height) throws IOException {
        ChartStyle.savePng(ChartStyle.apply(chart), file, 1100, height);
    }

    /** Megabytes of an -Xmx option (512 for -Xmx512m, 1024 for -Xmx1g); NaN if it is not one. */
    static double heapMib(String xmx) {
        Matcher m = Pattern.compile("-Xmx(\\d+)([mMgG])").matcher(xmx);
        if (!m.matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1));
        return m.group(2).equalsIgnoreCase("g") ? v * 1024 : v;
    }

    /** One CSV row per cell and per ceiling: every figure of the report, for other tools. */
    @JsonPropertyOrder({
        "budget",
        "row",
        "fileSizeMb",
        "users",
        "clients",
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
        "timeRatioToStorage",
        "timeRatioToNginx",
        "throughputRatioToDirect",
        "throughputRatioToStorage",
        "throughputRatioToNginx",
        "cpuClientSeconds",
        "cpuHopSeconds",
        "cpuAzuriteSeconds",
        "serviceReadMiBPerUpload",
        "verifyReadMiBPerUpload",
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
            String row,
            int fileSizeMb,
            int users,
            String clients,
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
            Double timeRatioToStorage,
            Double timeRatioToNginx,
            Double throughputRatioToDirect,
            Double throughputRatioToStorage,
            Double throughputRatioToNginx,
            Double cpuClientSeconds,
            Double cpuHopSeconds,
            Double cpuAzuriteSeconds,
            Double serviceReadMiBPerUpload,
            Double verifyReadMiBPerUpload,
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
        for (StudyResult.Ceiling c : result.ceilings()) {
            rows.add(new CsvRow(
                    "",
                    c.row(),
                    c.fileSizeMb(),
                    c.users(),
                    c.clients(),
                    c.stored(),
                    0,
                    c.failed(),
                    "",
                    "",
                    c.meanSeconds(),
                    c.p95Seconds(),
                    c.spanSeconds(),
                    c.throughputMibPerSecond(),
                    ceilingRatio(result, c, StudyResult.Ceiling.DIRECT),
                    ceilingRatio(result, c, StudyResult.Ceiling.STORAGE),
                    ceilingRatio(result, c, StudyResult.Ceiling.NGINX),
                    null,
                    null,
                    null,
                    c.cpu().client(),
                    c.cpu().hop(),
                    c.cpu().storage(),
                    null,
                    null,
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
                    c.users() + " Gatling users",
                    c.accepted(),
                    o == null ? null : o.refused(),
                    c.failed(),
                    o == null ? "" : joined(shortKeys(o.refusedBy())),
                    o == null ? "" : joined(o.failedBy()),
                    o == null ? null : o.meanSeconds(),
                    o == null ? null : o.p95Seconds(),
                    o == null ? null : o.spanSeconds(),
                    o == null ? null : o.throughputMibPerSecond(),
                    timeRatio(result, c, StudyResult.Ceiling.DIRECT),
                    timeRatio(result, c, StudyResult.Ceiling.STORAGE),
                    timeRatio(result, c, StudyResult.Ceiling.NGINX),
                    throughputRatio(result, c, StudyResult.Ceiling.DIRECT),
                    throughputRatio(result, c, StudyResult.Ceiling.STORAGE),
                    throughputRatio(result, c, StudyResult.Ceiling.NGINX),
                    c.cpu() == null ? null : c.cpu().client(),
                    c.cpu() == null ? null : c.cpu().hop(),
                    c.cpu() == null ? null : c.cpu().storage(),
                    c.reads() == null ? null : mib(c.reads().bytesPerUpload()),
                    c.verifyReads() == null ? null : mib(c.verifyReads().bytesPerUpload()),
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
}
