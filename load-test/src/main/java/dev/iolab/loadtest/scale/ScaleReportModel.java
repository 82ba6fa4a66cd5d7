package dev.iolab.loadtest.scale;

import static dev.iolab.reporting.markdown.Figures.fixed;

import dev.iolab.loadtest.RunInfo;
import dev.iolab.reporting.markdown.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code scale-study.md} shows, worked out from a {@link ScaleResult}: the figures of each burst and each claim
 * with whether it was met. Records in, records out, no I/O; the sentences around the figures are in
 * {@code scale-study.mustache} and {@code burst.mustache}. Figures arrive as the report prints them (seconds with their
 * decimals); text that lands in a table cell is escaped as a cell ({@link MarkdownTable#cell}).
 *
 * @param replicas        service jars behind HAProxy
 * @param runRows         the rows every study's report opens with ({@link RunInfo#rows}), rendered
 * @param serviceOpts     each replica's JVM options and extra arguments
 * @param executorThreads each replica's upload threads
 * @param capacity        uploads each replica accepts at once (threads + queue)
 * @param first           the burst with every replica up
 * @param taken           the claim on how many uploads were taken and refused
 * @param stored          the claim on what storage holds after the first burst
 * @param kill            the burst with a replica killed; null when the run had none
 */
record ScaleReportModel(
        int replicas,
        String runRows,
        String serviceOpts,
        int executorThreads,
        int capacity,
        String haproxy,
        int clients,
        int fileSizeMb,
        String strategy,
        Burst first,
        Taken taken,
        Stored stored,
        Kill kill) {

    /**
     * One burst: its uploads per replica and outcome, and what storage holds.
     *
     * @param outcomes the outcomes' columns in order ({@code 201}, {@code 503 queue-full}, ...)
     * @param totals   uploads per outcome, in the columns' order
     */
    record Burst(
            int uploads, String span, List<String> outcomes, List<Replica> rows, List<Integer> totals, Audit audit) {

        static Burst of(ScaleResult.BurstResult burst) {
            List<String> outcomes = new ArrayList<>(burst.byOutcome().keySet());
            List<Replica> rows = burst.byReplica().entrySet().stream()
                    .map(e -> new Replica(
                            MarkdownTable.cell(e.getKey()),
                            outcomes.stream()
                                    .map(o -> e.getValue().getOrDefault(o, 0))
                                    .toList(),
                            e.getValue().values().stream()
                                    .mapToInt(Integer::intValue)
                                    .sum()))
                    .toList();
            return new Burst(
                    burst.uploads().size(),
                    fixed(burst.spanSeconds(), 1),
                    outcomes.stream().map(MarkdownTable::cell).toList(),
                    rows,
                    outcomes.stream().map(o -> burst.byOutcome().get(o)).toList(),
                    Audit.of(burst.audit()));
        }
    }

    /** One replica's row of a burst: its uploads per outcome, in the burst's columns' order, and all of them. */
    record Replica(String name, List<Integer> counts, int all) {}

    /** What storage holds for a burst, counted as the report's table shows it. */
    record Audit(int answered201, int exact, int mismatched, int missing, int unanswered, int partial, int staging) {

        static Audit of(ScaleResult.Audit a) {
            return new Audit(
                    a.answered201(),
                    a.exact(),
                    a.mismatched(),
                    a.missing(),
                    a.unanswered().size(),
                    a.partial().size(),
                    a.staging().size());
        }
    }

    /**
     * One kind of blob that should not be there, and how many. Its kind is one of the flags, so that the template
     * names it.
     */
    record Problem(int count, Kind kind) {

        enum Kind {
            OTHER_BYTES,
            MISSING,
            WHOLE_UNANSWERED,
            PARTIAL,
            IN_STAGING
        }

        boolean otherBytes() {
            return kind == Kind.OTHER_BYTES;
        }

        boolean answeredButMissing() {
            return kind == Kind.MISSING;
        }

        boolean wholeUnanswered() {
            return kind == Kind.WHOLE_UNANSWERED;
        }

        boolean partialBlobs() {
            return kind == Kind.PARTIAL;
        }

        boolean inStaging() {
            return kind == Kind.IN_STAGING;
        }

        /** What is wrong in {@code a}; whole blobs of uploads not answered 201 only when {@code unanswered}. */
        static List<Problem> of(ScaleResult.Audit a, boolean unanswered) {
            List<Problem> problems = new ArrayList<>();
            add(problems, a.mismatched(), Kind.OTHER_BYTES);
            add(problems, a.missing(), Kind.MISSING);
            add(problems, unanswered ? a.unanswered().size() : 0, Kind.WHOLE_UNANSWERED);
            add(problems, a.partial().size(), Kind.PARTIAL);
            add(problems, a.staging().size(), Kind.IN_STAGING);
            return problems;
        }

        private static void add(List<Problem> problems, int count, Kind kind) {
            if (count > 0) {
                problems.add(new Problem(count, kind));
            }
        }
    }

    /** The claim that the replicas took what their capacity allows and refused the rest with 503. */
    record Taken(boolean met, int clients, long taken, long refused, int expectedTaken, int expectedRefused) {}

    /** The claim that every upload answered 201 is stored byte-exact and nothing else is left. */
    record Stored(boolean met, int exact, int answered201, List<Problem> problems) {}

    /**
     * The burst with one replica killed, and the claims on it.
     *
     * @param killAt    seconds into the burst, one decimal
     * @param down      seconds from the kill to HAProxy's DOWN, two decimals; null when it never said so
     * @param downMet   whether HAProxy marked it DOWN within {@link #DOWN_WITHIN_SECONDS}
     * @param noneAfter whether HAProxy sent it no connection once it was DOWN
     * @param after     new uploads once it was DOWN; null when there were none
     * @param grants    valet-key uploads the killed replica granted; null when there were none
     * @param failed    what its uploads in flight were answered
     * @param note      uploads stored whole whose clients were told they failed; null when there were none
     * @param afterKill the claim on the new uploads; null without them
     * @param completed the claim on the grants' completions; null without grants
     */
    record Kill(
            String replica,
            String killAt,
            int running,
            String down,
            boolean downMet,
            long sessionsAfterDown,
            boolean noneAfter,
            Burst burst,
            Burst after,
            Grants grants,
            InFlight failed,
            Integer note,
            AfterKill afterKill,
            Completed completed) {}

    /** The grants' table: one row a grant. */
    record Grants(List<Grant> each) {}

    /** A grant's row: each status as the report shows it ({@code –} for none). */
    record Grant(String name, int grant, String storage, String completion, String completedBy) {}

    /** The claim that the killed replica's uploads in flight failed without leaving a partial blob. */
    record InFlight(
            boolean met, int count, List<Outcome> outcomes, int exact, int answered201, List<Problem> problems) {}

    /** How many uploads got one outcome. */
    record Outcome(String outcome, int count) {}

    /** The claim that new uploads after the kill were stored, none sent to the killed replica. */
    record AfterKill(boolean met, long stored, int uploads, boolean noneOnKilled) {}

    /** The claim that another replica completed every upload the killed one granted. */
    record Completed(boolean met, long completed, long granted, List<Problem> problems) {}

    /** The longest HAProxy may take to mark a killed replica DOWN for the claim to be met (goal: about 2 s). */
    static final double DOWN_WITHIN_SECONDS = 2.5;

    static ScaleReportModel of(ScaleResult result) {
        RunInfo run = result.run();
        ScaleResult.Setup setup = result.setup();
        ScaleResult.BurstResult first = result.first();
        int expectedTaken = Math.min(setup.clients(), setup.replicas() * run.capacity());
        long taken = first.stored();
        long refused = first.uploads().stream().filter(u -> u.status() == 503).count();
        return new ScaleReportModel(
                setup.replicas(),
                run.rows("between bursts", "").render(),
                MarkdownTable.cell(run.serviceOpts()),
                run.executorThreads(),
                run.capacity(),
                MarkdownTable.cell(setup.haproxy()),
                setup.clients(),
                setup.fileSizeMb(),
                MarkdownTable.cell(setup.strategy()),
                Burst.of(first),
                new Taken(
                        taken == expectedTaken && refused == setup.clients() - expectedTaken,
                        setup.clients(),
                        taken,
                        refused,
                        expectedTaken,
                        setup.clients() - expectedTaken),
                new Stored(
                        first.audit().clean(),
                        first.audit().exact(),
                        first.audit().answered201(),
                        Problem.of(first.audit(), true)),
                result.kill() == null ? null : kill(result.kill()));
    }

    private static Kill kill(ScaleResult.KillRun kill) {
        ScaleResult.Audit audit = kill.burst().audit();
        return new Kill(
                kill.killedReplica(),
                fixed(kill.killAtSeconds(), 1),
                kill.runningOnKilled(),
                kill.secondsToDown() == null ? null : fixed(kill.secondsToDown(), 2),
                kill.secondsToDown() != null && kill.secondsToDown() <= DOWN_WITHIN_SECONDS,
                kill.sessionsAfterDown(),
                kill.sessionsAfterDown() == 0,
                Burst.of(kill.burst()),
                kill.afterKill() == null ? null : Burst.of(kill.afterKill()),
                kill.grants().isEmpty()
                        ? null
                        : new Grants(kill.grants().stream()
                                .map(ScaleReportModel::grant)
                                .toList()),
                inFlight(kill, audit),
                audit.unanswered().isEmpty() ? null : audit.unanswered().size(),
                kill.afterKill() == null ? null : afterKill(kill),
                kill.grants().isEmpty() ? null : completed(kill));
    }

    private static InFlight inFlight(ScaleResult.KillRun kill, ScaleResult.Audit audit) {
        Map<String, Integer> outcomes = new TreeMap<>();
        kill.burst().uploads().stream()
                .filter(u -> kill.killedReplica().equals(u.replica()) && !u.stored() && u.status() != 503)
                .forEach(u -> outcomes.merge(u.outcome(), 1, Integer::sum));
        return new InFlight(
                audit.noPartial() && audit.exact() == audit.answered201() && audit.missing() == 0,
                outcomes.values().stream().mapToInt(Integer::intValue).sum(),
                outcomes.entrySet().stream()
                        .map(e -> new Outcome(e.getKey(), e.getValue()))
                        .toList(),
                audit.exact(),
                audit.answered201(),
                Problem.of(audit, false));
    }

    private static AfterKill afterKill(ScaleResult.KillRun kill) {
        ScaleResult.BurstResult after = kill.afterKill();
        boolean noneOnKilled =
                after.uploads().stream().noneMatch(u -> kill.killedReplica().equals(u.replica()));
        boolean allStored = after.stored() == after.uploads().size();
        return new AfterKill(
                allStored && noneOnKilled && after.audit().clean(),
                after.stored(),
                after.uploads().size(),
                noneOnKilled);
    }

    private static Completed completed(ScaleResult.KillRun kill) {
        long completed =
                kill.grants().stream().filter(g -> g.completeStatus() == 201).count();
        long granted =
                kill.grants().stream().filter(g -> g.storageStatus() == 201).count();
        return new Completed(
                completed == granted && kill.grantAudit().clean(),
                completed,
                granted,
                Problem.of(kill.grantAudit(), true));
    }

    private static Grant grant(ScaleResult.Grant g) {
        String completion = g.completeStatus() == 0 && g.completeProblem() == null
                ? null
                : (g.completeStatus() == 0 ? "no answer" : Integer.toString(g.completeStatus()))
                        + (g.completeProblem() == null ? "" : " " + g.completeProblem());
        return new Grant(
                MarkdownTable.cell(g.name()),
                g.grantStatus(),
                MarkdownTable.cell(g.storageStatus() == 0 ? null : g.storageStatus()),
                MarkdownTable.cell(completion),
                MarkdownTable.cell(g.completedBy()));
    }
}
