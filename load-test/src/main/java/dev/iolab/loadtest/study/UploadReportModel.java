package dev.iolab.loadtest.study;

import static dev.iolab.reporting.markdown.Figures.fixed;

import dev.iolab.loadtest.UploadSettings;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What an upload-study report shows, worked out from a {@link StudyResult}: every table's rows and every figure the
 * sentences carry. Records in, records out, no I/O; the sentences are in {@code upload-study.mustache} and its
 * partials beside {@link UploadStudyReport} in the resources. Figures arrive as the report prints them; text that lands
 * in a table cell is escaped as a cell ({@link MarkdownTable#cell}); a missing figure is {@link Figures#NONE}.
 *
 * @param soakOnly   the run was a soak (its title says so)
 * @param runRows    the rows every study's report opens with ({@code RunInfo#rows}), rendered, without the Service row
 * @param service    the Service row
 * @param distinctClients each Gatling user uploaded from its own loopback address
 * @param measured   the cells' and ceilings' sections; null for a soak
 * @param soak       the soak's section; null without a soak
 */
record UploadReportModel(
        boolean soakOnly, String runRows, Service service, boolean distinctClients, Measured measured, Soak soak) {

    /** The service the cells ran against. */
    record Service(String opts, int executorThreads, int capacity, String strategies) {}

    /**
     * The sections of a run with cells or ceilings.
     *
     * @param method      how the run measured
     * @param ceilings    the ceilings' rows, by load then direct, storage, nginx
     * @param parts       the cells' tables, budget on first
     * @param valetKey    the valet-key section; null without cells
     * @param pairs       the cells measured in rounds; empty without
     * @param charts      the charts' and CSV's base name
     * @param hasCells    whether the run measured any cell (memory chart, original study, Gatling reports)
     * @param original    the strategies beside the original study's figures
     * @param facts       what the run established
     * @param gatlingDir  the run directory, relative to the report where it can be
     * @param gatling     one per cell with a Gatling report
     */
    record Measured(
            Method method,
            List<CeilingRow> ceilings,
            List<Part> parts,
            ValetKey valetKey,
            List<PairRow> pairs,
            String charts,
            boolean hasCells,
            List<OriginalRow> original,
            Facts facts,
            String gatlingDir,
            List<GatlingReport> gatling) {

        /** Whether the run measured any ceiling. */
        public boolean anyCeilings() {
            return !ceilings.isEmpty();
        }

        /** Whether any cell was measured in rounds. */
        public boolean anyPairs() {
            return !pairs.isEmpty();
        }
    }

    /**
     * How the run measured.
     *
     * @param probes   forced GCs per cell at most, as text; empty when the run forced none
     * @param warmUp   the warm-up bursts; null when the run sent none
     */
    record Method(String probes, WarmUp warmUp) {}

    /**
     * The untimed bursts each ceiling and cell sent first.
     *
     * @param bursts  how many
     * @param once    just one (then no restart before the last)
     * @param cellMb  the cells' warm-up file size, MiB, when it is not 1 MiB; empty for 1 MiB
     */
    record WarmUp(int bursts, boolean once, String cellMb) {}

    record CeilingRow(
            String row,
            String load,
            String clients,
            int stored,
            int failed,
            String mean,
            String p95,
            String burst,
            String mibPerSecond,
            String perStorage,
            String cpuClient,
            String cpuHop,
            String cpuAzurite) {}

    /** One budget mode's cells (valet-key left out): time and CPU, then memory. */
    record Part(boolean budget, List<TimeRow> time, List<MemoryRow> memory) {}

    /**
     * @param refused  refused with the problem types' counts; {@link Figures#NONE} without a tally
     * @param failed   failed with the reasons' counts; empty when Gatling crashed before its tally
     */
    record TimeRow(
            String strategy,
            String load,
            int users,
            int accepted,
            String refused,
            String failed,
            String mean,
            String p95,
            String burst,
            String perDirect,
            String perStorage,
            String perNginx,
            String cpuClient,
            String cpuService,
            String cpuAzurite,
            String read) {}

    /** @param inFlight uploads running at the forced GC, as text; empty when unknown */
    record MemoryRow(
            String strategy,
            String load,
            String peakHeap,
            String liveInFlight,
            String inFlight,
            String perUpload,
            String peakRss,
            boolean up,
            boolean oom,
            boolean passed,
            int gatlingExit) {}

    /**
     * @param skipped      why the row was not measured; empty when it was or was switched off
     * @param verifyMetric the service's metric of what completions read back from storage
     * @param rows       the valet-key cells; empty when not measured
     * @param goal       the goal at 10 MB × 125; null without such a cell or a figure to judge it by
     */
    record ValetKey(String skipped, String verifyMetric, List<ValetRow> rows, Goal goal) {

        /** Measured: neither skipped nor switched off. */
        public boolean measured() {
            return !rows.isEmpty();
        }
    }

    /** @param rchar the read figure is everything the service read, an upper bound */
    record ValetRow(
            String load,
            int accepted,
            int failed,
            String burst,
            String perStorage,
            String perNginx,
            String cpuClient,
            String cpuService,
            String cpuAzurite,
            String read,
            boolean rchar,
            String idleLive,
            String liveDuring,
            String aboveIdle) {}

    /**
     * @param goal   the most times the storage row's time the goal allows
     * @param ratio  this run's ratio; with pairs, median (lowest–highest)
     * @param pairs  the pairs it is the median of, as text; empty for one burst
     */
    record Goal(String goal, String ratio, String pairs, boolean met) {}

    record PairRow(
            String strategy,
            String load,
            String partner,
            int count,
            String time,
            String hopCpu,
            String azuriteCpu,
            String burst,
            String partnerBurst,
            String azuriteRead) {}

    /** @param verdict ours at 10 MB × 125 budget off; null when not run */
    record OriginalRow(
            String strategy,
            String original1,
            String ours1,
            String original10,
            String ours10,
            String finding,
            Verdict verdict) {}

    /** What became of a cell, as the original study's findings put it. */
    record Verdict(boolean down, boolean oom, int accepted, int failed, int users, String peakHeap) {

        /** Some uploads failed while the service stayed up. */
        public boolean someFailed() {
            return !down && failed > 0;
        }

        /** Every upload accepted or refused, the service up. */
        public boolean held() {
            return !down && failed == 0;
        }
    }

    /**
     * What the run established.
     *
     * @param hops  what nginx's hop cost by itself, per load with an nginx ceiling
     * @param modes per budget mode measured, on first
     */
    record Facts(List<Hop> hops, List<Mode> modes) {}

    record Hop(String load, String ratio, String cpu) {}

    /**
     * @param mode     {@code on} or {@code off}
     * @param down     cells where the service went down
     * @param failed   cells where uploads failed, with their counts
     * @param fastest  the fastest strategy relative to storage, then to nginx, where measured
     * @param mostLive the most live heap per upload in flight; null without a figure
     */
    record Mode(String mode, List<String> down, List<String> failed, List<Fastest> fastest, MostLive mostLive) {}

    record Fastest(String row, String strategy, String load, String ratio) {}

    record MostLive(String strategy, String load, String mib) {}

    record GatlingReport(String budget, String strategy, String load, String report) {}

    /**
     * @param tally     the outcomes; null when Gatling left none
     * @param during    the highest live heap during the soak, MiB; null without a forced GC
     * @param after     the live heap after, MiB; null when the service was down at the end
     * @param change    live heap after − before, MiB with its sign; null when the service was down at the end
     * @param back      the live heap was back at its baseline, within {@code tolerance} MiB
     */
    record Soak(
            int uploads,
            int users,
            int perUser,
            int fileSizeKb,
            String strategies,
            String duration,
            Tally tally,
            int gatlingExit,
            String throughput,
            boolean up,
            boolean oom,
            String before,
            String during,
            String peak,
            String after,
            String change,
            boolean back,
            long tolerance) {}

    record Tally(int accepted, String acceptedBy, int refused, String refusedBy, int failed, String failedBy) {}

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

    private static final double MIB = 1024.0 * 1024.0;

    /**
     * The report's figures.
     *
     * @param charts     the base name of the charts and CSV beside the report ({@code upload-study})
     * @param gatlingDir the run directory, as the report links it
     */
    static UploadReportModel of(StudyResult result, String charts, String gatlingDir) {
        boolean measured = !result.cells().isEmpty() || !result.ceilings().isEmpty();
        return new UploadReportModel(
                result.soak() != null,
                result.run()
                        .rows(
                                "between cells",
                                " (Gatling, " + (usedNginx(result) ? "nginx, " : "")
                                        + "Azurite and the service share the machine; anything else running adds to"
                                        + " it)")
                        .render(),
                new Service(
                        MarkdownTable.cell(result.run().serviceOpts()),
                        result.run().executorThreads(),
                        result.run().capacity(),
                        MarkdownTable.cell(String.join(", ", result.strategies()))),
                result.distinctClients(),
                measured ? measured(result, charts, gatlingDir) : null,
                result.soak() == null ? null : soak(result.soak()));
    }

    /** Whether nginx ran in the run: a ceiling through it, or a cell's rounds beside it. */
    private static boolean usedNginx(StudyResult result) {
        return result.ceilings().stream().anyMatch(c -> c.row().equals(StudyResult.Ceiling.NGINX))
                || result.cells().stream()
                        .filter(c -> c.rounds() != null)
                        .flatMap(c -> c.rounds().stream())
                        .anyMatch(r -> r.partner().row().equals(StudyResult.Ceiling.NGINX));
    }

    private static Measured measured(StudyResult result, String charts, String gatlingDir) {
        return new Measured(
                method(result),
                ceilings(result),
                parts(result),
                result.cells().isEmpty() ? null : valetKey(result),
                pairs(result),
                charts,
                !result.cells().isEmpty(),
                result.strategies().stream().map(s -> original(result, s)).toList(),
                facts(result),
                gatlingDir,
                StudyAnalysis.ordered(result).stream()
                        .filter(c -> c.report() != null)
                        .map(c -> new GatlingReport(c.budget() ? "on" : "off", c.strategy(), c.load(), c.report()))
                        .toList());
    }

    private static Method method(StudyResult result) {
        int probes = result.cells().stream()
                .map(StudyResult.Cell::memory)
                .filter(Objects::nonNull)
                .mapToInt(StudyResult.Memory::liveProbes)
                .max()
                .orElse(0);
        int bursts = result.warmUpBursts();
        return new Method(
                probes > 0 ? Integer.toString(probes) : "",
                bursts == 0
                        ? null
                        : new WarmUp(
                                bursts,
                                bursts == 1,
                                result.warmUpMb() == 1 ? "" : Integer.toString(result.warmUpMb())));
    }

    private static List<CeilingRow> ceilings(StudyResult result) {
        List<StudyResult.Ceiling> rows = new ArrayList<>(result.ceilings());
        rows.sort(Comparator.comparingInt(StudyResult.Ceiling::fileSizeMb)
                .thenComparingInt(StudyResult.Ceiling::users)
                .thenComparingInt(c -> StudyAnalysis.CEILINGS.indexOf(c.row())));
        return rows.stream()
                .map(c -> new CeilingRow(
                        MarkdownTable.cell(c.row()),
                        c.load(),
                        MarkdownTable.cell(c.clients()),
                        c.stored(),
                        c.failed(),
                        fixed(c.meanSeconds(), 2),
                        fixed(c.p95Seconds(), 2),
                        fixed(c.spanSeconds(), 2),
                        fixed(c.throughputMibPerSecond(), 1),
                        fixed(StudyAnalysis.ceilingRatio(result, c, StudyResult.Ceiling.STORAGE), 2),
                        fixed(c.cpu().client(), 1),
                        fixed(c.cpu().hop(), 1),
                        fixed(c.cpu().storage(), 1)))
                .toList();
    }

    private static List<Part> parts(StudyResult result) {
        List<Part> parts = new ArrayList<>();
        for (boolean budget : new boolean[] {true, false}) {
            List<StudyResult.Cell> part = StudyAnalysis.ordered(result).stream()
                    .filter(c -> c.budget() == budget && !c.strategy().equals(UploadSettings.VALET_KEY))
                    .toList();
            if (!part.isEmpty()) {
                parts.add(new Part(
                        budget,
                        part.stream().map(c -> timeRow(result, c)).toList(),
                        part.stream().map(UploadReportModel::memoryRow).toList()));
            }
        }
        return parts;
    }

    private static TimeRow timeRow(StudyResult result, StudyResult.Cell c) {
        var o = c.outcomes();
        return new TimeRow(
                MarkdownTable.cell(c.strategy()),
                c.load(),
                c.users(),
                c.accepted(),
                o == null
                        ? Figures.NONE
                        : MarkdownTable.cell(o.refused() + counts(StudyAnalysis.shortKeys(o.refusedBy()))),
                o == null ? "" : MarkdownTable.cell(o.failed() + counts(o.failedBy())),
                o == null ? Figures.NONE : fixed(o.meanSeconds(), 2),
                o == null ? Figures.NONE : fixed(o.p95Seconds(), 2),
                o == null ? Figures.NONE : fixed(o.spanSeconds(), 2),
                ratio(result, c, StudyResult.Ceiling.DIRECT),
                ratio(result, c, StudyResult.Ceiling.STORAGE),
                ratio(result, c, StudyResult.Ceiling.NGINX),
                cpu(c, StudyResult.Cpu::client),
                cpu(c, StudyResult.Cpu::hop),
                cpu(c, StudyResult.Cpu::storage),
                c.reads() == null ? Figures.NONE : fixed(c.reads().bytesPerUpload() / MIB, 1));
    }

    private static MemoryRow memoryRow(StudyResult.Cell c) {
        var m = c.memory();
        return new MemoryRow(
                MarkdownTable.cell(c.strategy()),
                c.load(),
                Figures.mib(m.peakHeapUsedBytes()),
                mib(m.liveAboveIdleBytes()),
                m.liveAboveIdleBytes() == null || m.inFlight() == null ? "" : Integer.toString(m.inFlight()),
                m.livePerUploadBytes() == null ? Figures.NONE : fixed(m.livePerUploadBytes() / MIB, 2),
                Figures.mib(m.peakRssBytes()),
                c.serviceUp(),
                c.oomErrors() > 0,
                c.assertionsPassed(),
                c.gatlingExit());
    }

    private static ValetKey valetKey(StudyResult result) {
        if (result.valetKeySkipped() != null) {
            return new ValetKey(
                    MarkdownTable.cell(result.valetKeySkipped()), UploadStudy.VERIFY_READ_METRIC, List.of(), null);
        }
        List<StudyResult.Cell> cells = result.cells().stream()
                .filter(c -> c.strategy().equals(UploadSettings.VALET_KEY))
                .toList();
        return new ValetKey(
                "",
                UploadStudy.VERIFY_READ_METRIC,
                cells.stream().map(c -> valetRow(result, c)).toList(),
                StudyAnalysis.find(result, UploadSettings.VALET_KEY, 10, 125, true)
                        .flatMap(c -> goal(result, c))
                        .orElse(null));
    }

    private static ValetRow valetRow(StudyResult result, StudyResult.Cell c) {
        var m = c.memory();
        StudyResult.ServiceReads reads = c.verifyReads() != null ? c.verifyReads() : c.reads();
        return new ValetRow(
                c.load(),
                c.accepted(),
                c.failed(),
                c.outcomes() == null ? Figures.NONE : fixed(c.outcomes().spanSeconds(), 2),
                ratio(result, c, StudyResult.Ceiling.STORAGE),
                ratio(result, c, StudyResult.Ceiling.NGINX),
                cpu(c, StudyResult.Cpu::client),
                cpu(c, StudyResult.Cpu::hop),
                cpu(c, StudyResult.Cpu::storage),
                reads == null ? Figures.NONE : fixed(reads.bytesPerUpload() / MIB, 2),
                reads != null && reads.source().equals("rchar"),
                mib(m.idleLiveHeapBytes()),
                mib(m.liveHeapBytes()),
                mib(m.liveAboveIdleBytes()));
    }

    /**
     * The valet-key goal against the storage row's time: with rounds, the median of the pairs (a storage burst and the
     * cell's, one right after the other); else the cell's one burst ÷ the storage ceiling measured at the start of the
     * run, which is said, since one burst moves between runs far more than a pair does
     * (docs/results/upload-service-measurements.md, "what one hop costs").
     */
    private static Optional<Goal> goal(StudyResult result, StudyResult.Cell c) {
        List<Double> pairs = c.rounds() == null
                ? List.of()
                : c.rounds().stream()
                        .filter(r ->
                                StudyResult.Ceiling.STORAGE.equals(r.partner().row()))
                        .map(StudyResult.Round::timeRatio)
                        .toList();
        Double ratio = pairs.isEmpty()
                ? StudyAnalysis.timeRatio(result, c, StudyResult.Ceiling.STORAGE)
                : Double.valueOf(Medians.of(pairs));
        if (ratio == null || ratio.isNaN()) {
            return Optional.empty();
        }
        return Optional.of(new Goal(
                fixed(StudyAnalysis.VALET_KEY_GOAL, 2),
                pairs.isEmpty() ? fixed(ratio, 2) : Figures.spread(pairs, 2),
                pairs.isEmpty() ? "" : Integer.toString(pairs.size()),
                ratio <= StudyAnalysis.VALET_KEY_GOAL));
    }

    /** Cells measured in rounds beside their ceiling (--rounds 2 or more): the median of the pairs' ratios. */
    private static List<PairRow> pairs(StudyResult result) {
        return StudyAnalysis.ordered(result).stream()
                .filter(c -> c.rounds() != null && !c.rounds().isEmpty())
                .map(UploadReportModel::pairRow)
                .toList();
    }

    private static PairRow pairRow(StudyResult.Cell c) {
        List<StudyResult.Round> rounds = c.rounds();
        return new PairRow(
                MarkdownTable.cell(c.strategy()),
                c.load(),
                rounds.getFirst().partner().row(),
                rounds.size(),
                Figures.spread(rounds.stream().map(StudyResult.Round::timeRatio).toList(), 2),
                Figures.spread(
                        rounds.stream().map(StudyResult.Round::hopCpuRatio).toList(), 2),
                Figures.spread(
                        rounds.stream().map(StudyResult.Round::storageCpuRatio).toList(), 2),
                fixed(
                        Medians.of(rounds.stream()
                                .map(StudyResult.Round::spanSeconds)
                                .toList()),
                        2),
                fixed(
                        Medians.of(rounds.stream()
                                .map(r -> r.partner().spanSeconds())
                                .toList()),
                        2),
                mostMib(rounds, StudyResult.Round::partnerAzuriteReadBytes) + " / "
                        + mostMib(rounds, StudyResult.Round::cellAzuriteReadBytes));
    }

    /** The largest of the rounds' byte counts in whole MiB; {@link Figures#NONE} when a round has none. */
    private static String mostMib(List<StudyResult.Round> rounds, Function<StudyResult.Round, Long> bytes) {
        List<Long> all = rounds.stream().map(bytes).toList();
        if (all.contains(null)) {
            return Figures.NONE;
        }
        return Long.toString(
                Math.round(all.stream().mapToLong(Long::longValue).max().orElse(0) / MIB));
    }

    private static OriginalRow original(StudyResult result, String strategy) {
        double[] published = ORIGINAL_MEANS.get(strategy);
        return new OriginalRow(
                MarkdownTable.cell(strategy),
                published == null ? Figures.NONE : fixed(published[0], 2),
                mean(result, strategy, 1),
                published == null ? Figures.NONE : fixed(published[1], 2),
                mean(result, strategy, 10),
                ORIGINAL_FINDINGS.getOrDefault(strategy, "(not in the original)"),
                StudyAnalysis.find(result, strategy, 10, 125, false)
                        .map(UploadReportModel::verdict)
                        .orElse(null));
    }

    static Verdict verdict(StudyResult.Cell c) {
        return new Verdict(
                !c.serviceUp() || c.oomErrors() > 0,
                c.oomErrors() > 0,
                c.accepted(),
                c.failed(),
                c.users(),
                c.memory() == null ? Figures.NONE : Figures.mib(c.memory().peakHeapUsedBytes()));
    }

    /** The mean seconds of the budget-on cell at this size and 125 users; empty when not run. */
    private static String mean(StudyResult result, String strategy, int size) {
        return StudyAnalysis.find(result, strategy, size, 125, true)
                .filter(c -> c.outcomes() != null)
                .map(c -> fixed(c.outcomes().meanSeconds(), 2))
                .orElse("");
    }

    private static Facts facts(StudyResult result) {
        List<Hop> hops = new ArrayList<>();
        for (StudyResult.Ceiling c : result.ceilings()) {
            Double hop = c.row().equals(StudyResult.Ceiling.NGINX)
                    ? StudyAnalysis.ceilingRatio(result, c, StudyResult.Ceiling.STORAGE)
                    : null;
            if (hop != null) {
                hops.add(new Hop(c.load(), fixed(hop, 2), fixed(c.cpu().hop(), 1)));
            }
        }
        List<Mode> modes = new ArrayList<>();
        for (boolean budget : new boolean[] {true, false}) {
            List<StudyResult.Cell> part =
                    result.cells().stream().filter(c -> c.budget() == budget).toList();
            if (!part.isEmpty()) {
                modes.add(mode(result, budget, part));
            }
        }
        return new Facts(hops, modes);
    }

    private static Mode mode(StudyResult result, boolean budget, List<StudyResult.Cell> part) {
        List<Fastest> fastest = new ArrayList<>();
        for (String row : List.of(StudyResult.Ceiling.STORAGE, StudyResult.Ceiling.NGINX)) {
            part.stream()
                    .filter(c -> StudyAnalysis.timeRatio(result, c, row) != null
                            && !c.strategy().equals(UploadSettings.VALET_KEY))
                    .min(Comparator.comparingDouble(c -> StudyAnalysis.timeRatio(result, c, row)))
                    .ifPresent(c -> fastest.add(new Fastest(
                            row, c.strategy(), c.load(), fixed(StudyAnalysis.timeRatio(result, c, row), 2))));
        }
        return new Mode(
                budget ? "on" : "off",
                part.stream()
                        .filter(c -> !c.serviceUp() || c.oomErrors() > 0)
                        .map(c -> c.strategy() + " " + c.load())
                        .toList(),
                part.stream()
                        .filter(c -> c.failed() > 0)
                        .map(c -> c.strategy() + " " + c.load() + " (" + c.failed() + ")")
                        .toList(),
                fastest,
                part.stream()
                        .filter(c -> c.memory().livePerUploadBytes() != null)
                        .max(Comparator.comparingDouble(c -> c.memory().livePerUploadBytes()))
                        .map(c -> new MostLive(
                                c.strategy(), c.load(), fixed(c.memory().livePerUploadBytes() / MIB, 2)))
                        .orElse(null));
    }

    private static Soak soak(StudyResult.Soak s) {
        var o = s.outcomes();
        long delta = s.afterLiveHeapBytes() - s.baselineLiveHeapBytes();
        boolean down = s.afterLiveHeapBytes() < 0;
        return new Soak(
                s.uploads(),
                s.users(),
                s.uploads() / Math.max(1, s.users()),
                s.fileSizeKb(),
                String.join(", ", s.strategies()),
                Figures.minutes(s.seconds()),
                o == null
                        ? null
                        : new Tally(
                                o.accepted(),
                                MarkdownTable.cell(o.acceptedBy().toString()),
                                o.refused(),
                                MarkdownTable.cell(counts(StudyAnalysis.shortKeys(o.refusedBy()))),
                                o.failed(),
                                MarkdownTable.cell(counts(o.failedBy()))),
                s.gatlingExit(),
                o == null ? null : fixed(o.throughputMibPerSecond(), 1),
                s.serviceUp(),
                s.oomErrors() > 0,
                Figures.mib((double) s.baselineLiveHeapBytes()),
                s.maxLiveHeapBytes() == null
                        ? null
                        : Figures.mib(s.maxLiveHeapBytes().doubleValue()),
                Figures.mib(s.memory().peakHeapUsedBytes()),
                down ? null : Figures.mib((double) s.afterLiveHeapBytes()),
                down ? null : String.format(Locale.ROOT, "%+.1f", delta / MIB),
                !down && delta <= StudyAnalysis.SOAK_TOLERANCE_BYTES,
                StudyAnalysis.SOAK_TOLERANCE_BYTES / (1024 * 1024));
    }

    private static String ratio(StudyResult result, StudyResult.Cell c, String row) {
        return fixed(StudyAnalysis.timeRatio(result, c, row), 2);
    }

    private static String cpu(StudyResult.Cell c, Function<StudyResult.Cpu, Double> part) {
        return c.cpu() == null ? Figures.NONE : fixed(part.apply(c.cpu()), 1);
    }

    private static String mib(Long bytes) {
        return bytes == null ? Figures.NONE : Figures.mib(bytes.doubleValue());
    }

    /** {@code " (queue-full 57, memory-budget 3)"}; empty for none. */
    private static String counts(Map<String, Integer> by) {
        return by.isEmpty()
                ? ""
                : by.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ", " (", ")"));
    }
}
