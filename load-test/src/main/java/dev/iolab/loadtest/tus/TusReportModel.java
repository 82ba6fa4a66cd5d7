package dev.iolab.loadtest.tus;

import static dev.iolab.reporting.markdown.Figures.fixed;
import static dev.iolab.reporting.markdown.Figures.spread;

import dev.iolab.reporting.markdown.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the tus study's report shows, worked out from a {@link TusResult}: each server's figures as median (lowest–highest)
 * over the repetitions, the ratios iolab ÷ tusd of each repetition's pair, each goal with whether it was met, and the
 * part behind HAProxy. Records in, records out, no I/O; the sentences are in {@code tus-study.mustache}. Figures arrive
 * as the report prints them; text that lands in a table cell is escaped ({@link MarkdownTable#cell}).
 *
 * @param runRows the rows every study's report opens with, rendered
 * @param contender what the goals judge against tusd: the service behind its nginx front when the run had it, else
 *     the service alone
 * @param burstRows one row per server kind
 * @param burstRatios each iolab kind ÷ tusd, of each repetition's pair of bursts
 * @param cutRows one row per server kind; empty without the cut part
 * @param cutRatios each iolab kind ÷ tusd, of each repetition's pair of cut uploads; empty without them
 * @param goals   the stated goals, each met or not
 */
record TusReportModel(
        String runRows,
        Setup setup,
        String contender,
        List<Row> burstRows,
        List<Ratio> burstRatios,
        List<BurstRep> burstReps,
        List<Row> cutRows,
        List<Ratio> cutRatios,
        List<CutRep> cutReps,
        List<Goal> goals,
        boolean allExact,
        List<Pair> balancer) {

    /** Whether the run had the cut uploads. */
    boolean hasCuts() {
        return !cutRows.isEmpty();
    }

    /** Whether the run had the service behind its nginx front. */
    boolean hasFront() {
        return contender.equals(label(TusServer.FRONT));
    }

    /** Whether the run had the part behind HAProxy. */
    boolean hasBalancer() {
        return !balancer.isEmpty();
    }

    /** GB as the report counts it: 10^9 bytes. */
    static final double GB = 1e9;

    static final double MIB = 1024.0 * 1024.0;

    /**
     * The setup as the report prints it.
     *
     * @param warmUpKib each warm-up upload, KiB; null for data from before warm-ups were smaller than the burst's
     * @param jsClient  the timed parts' client is tus-js-client under node, not tus-java-client in the study's JVM
     */
    record Setup(
            int uploads,
            int sizeMb,
            int warmUp,
            Integer warmUpKib,
            int bigMb,
            int cuts,
            String chunkMib,
            int reps,
            String tusd,
            String client,
            boolean jsClient,
            String haproxy,
            String serviceOpts,
            String serviceArgs,
            String cpu,
            String note,
            boolean cutsWarmedUp,
            boolean frontStagesEveryBlock,
            boolean frontCompletes) {}

    /**
     * One server kind's figures over its repetitions, each "median (lowest–highest)".
     *
     * @param exact    "250 / 250": uploads read back byte-exact of those sent
     * @param failures requests the client resumed from (bursts)
     * @param cutsDone connections the relay cut (cut uploads)
     */
    record Row(
            String server,
            String seconds,
            String cpuPerGb,
            String azuritePerGb,
            String peakRssMib,
            String exact,
            int failures,
            int cutsDone,
            String resentPerCutMib) {}

    /** One iolab kind ÷ tusd of each repetition's pair, "median (lowest–highest)"; {@code label} names the kind. */
    record Ratio(String label, String seconds, String cpuPerGb, String azuritePerGb, String peakRss) {}

    /** One burst as it ran. */
    record BurstRep(
            int rep,
            String server,
            String seconds,
            String cpuPerGb,
            String azuritePerGb,
            String peakRssMib,
            String exact,
            int failures,
            String errors) {}

    /** One cut upload as it ran. */
    record CutRep(
            int rep,
            String server,
            String seconds,
            String cpuPerGb,
            String peakRssMib,
            int cutsDone,
            String pastFileMib,
            String clientResentMib,
            boolean exact,
            String error) {}

    /** A goal: its kind names it in the template; {@code figure} is what decided it. */
    record Goal(Kind kind, boolean met, String figure) {

        enum Kind {
            BURST_TIME,
            BURST_CPU,
            CUT_TIME,
            CUT_CPU,
            RESEND
        }

        boolean burstTime() {
            return kind == Kind.BURST_TIME;
        }

        boolean burstCpu() {
            return kind == Kind.BURST_CPU;
        }

        boolean cutTime() {
            return kind == Kind.CUT_TIME;
        }

        boolean cutCpu() {
            return kind == Kind.CUT_CPU;
        }

        boolean resend() {
            return kind == Kind.RESEND;
        }
    }

    /** The part behind HAProxy for one server kind. */
    record Pair(String server, Kill kill, Race race) {}

    record Kill(
            String fileMib,
            String firstHalfBy,
            String killed,
            String offsetAtResumeMib,
            String resumedBy,
            int failures,
            boolean completed,
            boolean exact,
            String error) {}

    /**
     * @param bothAccepted both {@code PATCH}es were answered 2xx
     * @param oneRefused   one was answered 2xx, the other 409 or 423
     */
    record Race(
            String lengthMib,
            List<RaceAnswer> answers,
            String offsetAfter,
            boolean bothAccepted,
            boolean oneRefused,
            boolean storedA,
            boolean storedB,
            boolean storedNeither,
            boolean unfinished) {}

    record RaceAnswer(String body, String servedBy, int status, String detail) {}

    static TusReportModel of(TusResult result) {
        TusResult.Setup s = result.setup();
        Setup setup = new Setup(
                s.uploads(),
                s.sizeMb(),
                s.warmUp(),
                s.warmUpKib() == 0 ? null : s.warmUpKib(),
                s.bigMb(),
                s.cuts(),
                fixed(s.chunkBytes() / MIB, 0),
                s.reps(),
                MarkdownTable.cell(s.tusd()),
                MarkdownTable.cell(s.client()),
                s.client().startsWith("tus-js-client"),
                s.haproxy() == null ? null : MarkdownTable.cell(s.haproxy()),
                MarkdownTable.cell(result.run().serviceOpts()),
                MarkdownTable.cell(String.join(" ", TusServer.iolabArgs(s.chunkBytes()))),
                MarkdownTable.cell(s.cpu()),
                s.note() == null || s.note().isBlank() ? null : MarkdownTable.cell(s.note()),
                s.cutsWarmedUp(),
                s.frontStagesEveryBlock(),
                s.frontCompletes());
        List<String> kinds = kinds(result);
        List<Row> bursts = kinds.stream().map(k -> burstRow(k, result.bursts())).toList();
        List<Row> cuts = result.cuts().isEmpty()
                ? List.of()
                : kinds.stream()
                        .map(k -> cutRow(k, s.chunkBytes(), result.cuts()))
                        .toList();
        List<String> contenders =
                kinds.stream().filter(k -> !k.equals(TusServer.TUSD)).toList();
        return new TusReportModel(
                result.run().rows("between parts", "").render(),
                setup,
                label(contender(result)),
                bursts,
                contenders.stream().map(k -> burstRatio(k, result.bursts())).toList(),
                result.bursts().stream().map(TusReportModel::burstRep).toList(),
                cuts,
                result.cuts().isEmpty()
                        ? List.of()
                        : contenders.stream()
                                .map(k -> cutRatio(k, result.cuts()))
                                .toList(),
                result.cuts().stream().map(TusReportModel::cutRep).toList(),
                goals(result),
                allExact(result),
                result.balancer().stream().map(TusReportModel::pair).toList());
    }

    /** The kinds the run measured, in the report's order: iolab, iolab behind its front, tusd. */
    static List<String> kinds(TusResult result) {
        return List.of(TusServer.IOLAB, TusServer.FRONT, TusServer.TUSD).stream()
                .filter(k -> result.bursts().stream().anyMatch(b -> b.server().equals(k)))
                .toList();
    }

    /** The kind the goals judge: the service behind its front when the run had it. */
    static String contender(TusResult result) {
        return kinds(result).contains(TusServer.FRONT) ? TusServer.FRONT : TusServer.IOLAB;
    }

    /** A kind as the report names it. */
    static String label(String kind) {
        return kind.equals(TusServer.FRONT) ? "iolab + nginx front" : kind;
    }

    private static Row burstRow(String kind, List<TusResult.Burst> all) {
        List<TusResult.Burst> runs =
                all.stream().filter(b -> b.server().equals(kind)).toList();
        int exact = runs.stream().mapToInt(TusResult.Burst::verified).sum();
        int sent = runs.stream().mapToInt(TusResult.Burst::uploads).sum();
        return new Row(
                label(kind),
                spread(values(runs, b -> b.usage().seconds()), 1),
                spread(values(runs, TusReportModel::cpuPerGb), 2),
                spread(values(runs, TusReportModel::azuritePerGb), 2),
                spread(values(runs, b -> b.usage().serverPeakRssBytes() / MIB), 0),
                exact + " / " + sent,
                runs.stream().mapToInt(TusResult.Burst::failures).sum(),
                0,
                null);
    }

    private static Row cutRow(String kind, long chunk, List<TusResult.CutRun> all) {
        List<TusResult.CutRun> runs =
                all.stream().filter(c -> c.server().equals(kind)).toList();
        long exact = runs.stream().filter(TusResult.CutRun::verified).count();
        return new Row(
                label(kind),
                spread(values(runs, c -> c.usage().seconds()), 1),
                spread(values(runs, c -> c.usage().serverCpuSeconds() / (c.fileBytes() / GB)), 2),
                spread(values(runs, c -> c.usage().azuriteCpuSeconds() / (c.fileBytes() / GB)), 2),
                spread(values(runs, c -> c.usage().serverPeakRssBytes() / MIB), 0),
                exact + " / " + runs.size(),
                0,
                runs.stream().mapToInt(TusResult.CutRun::cutsDone).sum(),
                spread(values(runs, c -> resentPerCut(c) / MIB), 2));
    }

    static double cpuPerGb(TusResult.Burst b) {
        return b.usage().serverCpuSeconds() / (b.bytes() / GB);
    }

    static double azuritePerGb(TusResult.Burst b) {
        return b.usage().azuriteCpuSeconds() / (b.bytes() / GB);
    }

    /** Bytes through the relay past the file's size, per cut (NaN without a cut). */
    static double resentPerCut(TusResult.CutRun c) {
        return c.cutsDone() == 0 ? Double.NaN : (c.relayBytes() - c.fileBytes()) / (double) c.cutsDone();
    }

    private static <T> List<Double> values(List<T> runs, ToDoubleFunction<T> figure) {
        return runs.stream().map(r -> figure.applyAsDouble(r)).toList();
    }

    private static Ratio burstRatio(String kind, List<TusResult.Burst> all) {
        List<TusResult.Burst[]> pairs = pairs(kind, all, TusResult.Burst::server, TusResult.Burst::rep);
        return new Ratio(
                label(kind) + " ÷ tusd",
                spread(ratios(pairs, b -> b.usage().seconds()), 2),
                spread(ratios(pairs, TusReportModel::cpuPerGb), 2),
                spread(ratios(pairs, TusReportModel::azuritePerGb), 2),
                spread(ratios(pairs, b -> b.usage().serverPeakRssBytes()), 2));
    }

    private static Ratio cutRatio(String kind, List<TusResult.CutRun> all) {
        List<TusResult.CutRun[]> pairs = pairs(kind, all, TusResult.CutRun::server, TusResult.CutRun::rep);
        return new Ratio(
                label(kind) + " ÷ tusd",
                spread(ratios(pairs, c -> c.usage().seconds()), 2),
                spread(ratios(pairs, c -> c.usage().serverCpuSeconds()), 2),
                spread(ratios(pairs, c -> c.usage().azuriteCpuSeconds()), 2),
                spread(ratios(pairs, c -> c.usage().serverPeakRssBytes()), 2));
    }

    /** Each repetition's {{@code kind}, tusd} pair, for the repetitions that have both. */
    @SuppressWarnings("unchecked")
    static <T> List<T[]> pairs(String kind, List<T> all, Function<T, String> server, Function<T, Integer> rep) {
        List<T[]> pairs = new ArrayList<>();
        for (T iolab : all) {
            if (!server.apply(iolab).equals(kind)) {
                continue;
            }
            all.stream()
                    .filter(t -> server.apply(t).equals(TusServer.TUSD)
                            && rep.apply(t).equals(rep.apply(iolab)))
                    .findFirst()
                    .ifPresent(tusd -> {
                        Object[] pair = {iolab, tusd};
                        pairs.add((T[]) pair);
                    });
        }
        return pairs;
    }

    static <T> List<Double> ratios(List<T[]> pairs, ToDoubleFunction<T> figure) {
        return pairs.stream()
                .map(p -> figure.applyAsDouble(p[0]) / figure.applyAsDouble(p[1]))
                .toList();
    }

    /** The median of the values that are finite; NaN when none is. */
    static double median(List<Double> values) {
        double[] v = values.stream()
                .mapToDouble(Double::doubleValue)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static List<Goal> goals(TusResult result) {
        List<Goal> goals = new ArrayList<>();
        String kind = contender(result);
        List<TusResult.Burst[]> bursts = pairs(kind, result.bursts(), TusResult.Burst::server, TusResult.Burst::rep);
        goals.add(ratioGoal(Goal.Kind.BURST_TIME, ratios(bursts, b -> b.usage().seconds())));
        goals.add(ratioGoal(Goal.Kind.BURST_CPU, ratios(bursts, TusReportModel::cpuPerGb)));
        if (!result.cuts().isEmpty()) {
            List<TusResult.CutRun[]> cuts = pairs(kind, result.cuts(), TusResult.CutRun::server, TusResult.CutRun::rep);
            goals.add(ratioGoal(Goal.Kind.CUT_TIME, ratios(cuts, c -> c.usage().seconds())));
            goals.add(ratioGoal(Goal.Kind.CUT_CPU, ratios(cuts, c -> c.usage().serverCpuSeconds())));
            goals.add(resendGoal(kind, result));
        }
        return goals;
    }

    /** Met when the median of the pairs' ratios is at most 1 (and there is one). */
    private static Goal ratioGoal(Goal.Kind kind, List<Double> ratios) {
        double median = median(ratios);
        return new Goal(kind, median <= 1.0, spread(ratios, 2));
    }

    /**
     * Met when no cut upload of {@code kind} sent more than one chunk per cut past the file through the relay, and none of its
     * resumes re-sent more than a chunk in the client's view; the figure is the largest bytes past the file per cut.
     */
    private static Goal resendGoal(String kind, TusResult result) {
        long chunk = result.setup().chunkBytes();
        List<TusResult.CutRun> iolab =
                result.cuts().stream().filter(c -> c.server().equals(kind)).toList();
        Predicate<TusResult.CutRun> withinChunk = c -> c.completed()
                && c.relayBytes() - c.fileBytes() <= (long) c.cutsDone() * chunk
                && c.clientResent().stream().allMatch(r -> r <= chunk);
        double worst = iolab.stream()
                .mapToDouble(TusReportModel::resentPerCut)
                .filter(Double::isFinite)
                .max()
                .orElse(Double.NaN);
        return new Goal(
                Goal.Kind.RESEND, !iolab.isEmpty() && iolab.stream().allMatch(withinChunk), fixed(worst / MIB, 2));
    }

    private static boolean allExact(TusResult result) {
        return result.bursts().stream().allMatch(b -> b.verified() == b.uploads())
                && result.cuts().stream().allMatch(TusResult.CutRun::verified);
    }

    private static BurstRep burstRep(TusResult.Burst b) {
        return new BurstRep(
                b.rep(),
                label(b.server()),
                fixed(b.usage().seconds(), 1),
                fixed(cpuPerGb(b), 2),
                fixed(azuritePerGb(b), 2),
                fixed(b.usage().serverPeakRssBytes() / MIB, 0),
                b.verified() + " / " + b.uploads(),
                b.failures(),
                b.errors().isEmpty() ? null : MarkdownTable.cell(String.join("; ", b.errors())));
    }

    private static CutRep cutRep(TusResult.CutRun c) {
        return new CutRep(
                c.rep(),
                label(c.server()),
                fixed(c.usage().seconds(), 1),
                fixed(c.usage().serverCpuSeconds() / (c.fileBytes() / GB), 2),
                fixed(c.usage().serverPeakRssBytes() / MIB, 0),
                c.cutsDone(),
                fixed((c.relayBytes() - c.fileBytes()) / MIB, 2),
                c.clientResent().isEmpty()
                        ? null
                        : String.join(
                                ", ",
                                c.clientResent().stream()
                                        .map(r -> fixed(r / MIB, 2))
                                        .toList()),
                c.verified(),
                c.error() == null ? null : MarkdownTable.cell(c.error()));
    }

    private static Pair pair(TusResult.Balanced b) {
        TusResult.Kill k = b.kill();
        Kill kill = new Kill(
                fixed(k.fileBytes() / MIB, 0),
                String.join(", ", k.firstHalfBy()),
                k.killed(),
                k.offsetAtResume() < 0 ? null : fixed(k.offsetAtResume() / MIB, 2),
                k.resumedBy(),
                k.failures(),
                k.completed(),
                k.verified(),
                k.error() == null ? null : MarkdownTable.cell(k.error()));
        return new Pair(label(b.server()), kill, race(b.race()));
    }

    private static final Pattern PROBLEM_TYPE = Pattern.compile("\"type\"\\s*:\\s*\"[^\"]*?([^/\"]+)\"");
    private static final Pattern PROBLEM_DETAIL = Pattern.compile("^\\{\"detail\"\\s*:\\s*\"([^\"]*)\"");

    /**
     * An answer as a reader wants it: a problem document (whole, or cut short when the server closed the connection
     * while the body was still coming) as its type, else its detail; anything else as it is.
     */
    static String readable(String detail) {
        if (detail == null) {
            return null;
        }
        Matcher type = PROBLEM_TYPE.matcher(detail);
        if (type.find()) {
            return type.group(1);
        }
        Matcher text = PROBLEM_DETAIL.matcher(detail);
        return text.find() ? "\u201c" + text.group(1) + "\u201d" : detail;
    }

    private static Race race(TusResult.Race r) {
        long accepted = r.answers().stream().filter(a -> a.status() / 100 == 2).count();
        long refused = r.answers().stream()
                .filter(a -> a.status() == 409 || a.status() == 423)
                .count();
        return new Race(
                fixed(r.length() / MIB, 0),
                r.answers().stream()
                        .map(a -> new RaceAnswer(
                                a.body(), a.servedBy(), a.status(), MarkdownTable.cell(readable(a.detail()))))
                        .toList(),
                r.offsetAfter() < 0 ? null : fixed(r.offsetAfter() / MIB, 2),
                accepted == 2,
                accepted == 1 && refused == 1,
                r.stored().equals("A"),
                r.stored().equals("B"),
                r.stored().equals("neither") || r.stored().equals("none"),
                r.stored().equals("unfinished"));
    }
}
