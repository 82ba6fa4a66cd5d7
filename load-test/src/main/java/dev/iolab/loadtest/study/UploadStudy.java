package dev.iolab.loadtest.study;

import dev.iolab.loadtest.GatlingRun;
import dev.iolab.loadtest.RunInfo;
import dev.iolab.loadtest.StudyRun;
import dev.iolab.loadtest.UploadOutcomes;
import dev.iolab.loadtest.UploadSettings;
import dev.iolab.reporting.host.ProcessResources;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.NginxProcess;
import dev.iolab.stack.PrometheusText;
import dev.iolab.stack.RepositoryPaths;
import dev.iolab.stack.UploadExecutor;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The upload study in one command, no Docker ({@code scripts/upload-study.sh}, which only passes its arguments here).
 * For every strategy × file size × users × memory budget it starts that many simultaneous uploads with Gatling — each
 * user from its own loopback address — against the upload-service jar at {@code -Xmx512m} (the original's container;
 * {@code --heap} changes it) storing into a fresh in-memory Azurite, while it samples the service's metrics and forces a
 * few GCs to measure the live heap with the uploads in flight, and counts the CPU seconds of Gatling, the service and
 * Azurite ({@code /proc}) and the bytes the service read.
 *
 * <p>Beside the strategies, three ceilings measured in the same run with the same file and Azurite: {@code direct}
 * (the Azure SDK alone, as many threads as the service's executor), {@code storage} (the same Gatling users PUT the
 * file straight to Azurite with a SAS) and {@code nginx} (the same users through nginx in front of Azurite, the
 * cheapest possible hop); every cell is shown as a ratio of each. Then the {@code valet-key} row (grant, PUT to storage,
 * complete). {@code --soak} instead sends 10,000 uploads with mixed strategies and shows the heap after GC against its
 * baseline. The strategy IDs come from the service's {@code /actuator/info}.
 *
 * <p>Writes {@code docs/results/upload-study.md} (tables, charts, CSV); everything else — Gatling's HTML reports, logs,
 * {@code study.json} with every figure — stays in {@code load-test/target/upload-study/<UTC time>/}. Ctrl-C stops
 * everything it started (the stack's shutdown hooks).
 */
public final class UploadStudy {

    private static final long MIB = 1024 * 1024;

    /** Bytes the cell's warm-ups write into one in-memory Azurite before it is restarted empty ({@link #restartBefore}). */
    static final long WARM_UP_FILL_BYTES = 4L * 1024 * MIB;

    /** The service's counter of bytes valet-key completions read back from storage, when it has one. */
    static final String VERIFY_READ_METRIC = "iolab_upload_valet_verify_read_bytes_total";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** What the service read, from {@code /proc}. */
    private static final ProcessResources PROCESSES = ProcessResources.local();

    private final StudyOptions options;
    private final StudyRun studyRun;
    private final Path runDir;

    private List<String> strategies = List.of();
    private int executorThreads;
    private int capacity;
    private final List<StudyResult.Cell> cells = new ArrayList<>();
    private final List<StudyResult.Ceiling> ceilings = new ArrayList<>();
    private String valetKeySkipped;
    private Boolean valetKeyAvailable;
    private int total;
    private int cellNo;
    private StudyResult.Soak soak;

    private UploadStudy(StudyOptions options, StudyRun run) {
        this.options = options;
        this.studyRun = run;
        this.runDir = run.directory();
    }

    public static void main(String[] args) throws Exception {
        Optional<StudyOptions> parsed = StudyRun.options(StudyOptions.commandLine(), args, StudyOptions::parse);
        if (parsed.isEmpty()) {
            return;
        }
        StudyOptions options = parsed.get();
        System.setProperty("java.awt.headless", "true");
        Path output = StudyRun.inRepository(options.output());
        StudyRun run = StudyRun.startOrExit("the upload study", "upload-study", "upload-study.sh", args);
        System.out.println("Upload study: results in " + run.directory());
        run.exitOnFailure(() -> {
            UploadStudy study = new UploadStudy(options, run);
            StudyResult result = options.soak() ? study.runSoak() : study.runMatrix();
            UploadStudyReport.write(result, output);
            System.out.println("Study done in " + Figures.minutes(result.run().durationSeconds()) + ". Report: "
                    + output + "; Gatling reports, logs and study.json: " + run.directory());
        });
    }

    // ------------------------------------------------------------------------------------------------- the matrix

    private StudyResult runMatrix() throws Exception {
        // A first stack for what the service itself says: its strategies, its executor; and the ceilings against the
        // same Azurite, with nothing else running.
        if (options.nginx() || options.rounds() > 1) {
            ExternalTool.NGINX.require();
        }
        try (StudyStack stack = startStack(true, "stack-first")) {
            learnFrom(stack);
            boolean valetKey = options.valetKey() && options.budgets().contains(true) && valetKeyAvailable(stack);
            int total = 0;
            for (boolean budget : options.budgets()) {
                int loads =
                        options.sizesOf(budget).size() * options.usersOf(budget).size();
                total += (strategies.size() + (budget && valetKey ? 1 : 0)) * loads;
            }
            System.out.printf(
                    Locale.ROOT,
                    "Service: strategies %s, executor %d threads, capacity %d; %d cells%s%n",
                    strategies,
                    executorThreads,
                    capacity,
                    total,
                    valetKeySkipped == null ? "" : "; valet-key skipped: " + valetKeySkipped);
            new CeilingRows(options, runDir, executorThreads, capacity, this::recordCeiling).measure(stack);
            this.total = total;
        }
        for (boolean budget : options.budgets()) {
            List<String> rows = new ArrayList<>(strategies);
            if (budget && Boolean.TRUE.equals(valetKeyAvailable) && options.valetKey()) {
                rows.add(UploadSettings.VALET_KEY);
            }
            for (String strategy : rows) {
                try (StudyStack stack = startStack(budget, "stack-budget-" + onOff(budget) + "-" + strategy)) {
                    if (!UploadSettings.VALET_KEY.equals(strategy)) {
                        stack.warmUp(strategy);
                    }
                    for (int size : options.sizesOf(budget)) {
                        for (int users : options.usersOf(budget)) {
                            cellNo++;
                            stack.healthyOrRestarted();
                            runCell(stack, strategy, budget, size, users, cellNo, total);
                        }
                    }
                }
            }
        }
        return result();
    }

    /** Strategy list, executor size and capacity from the running service itself. */
    private void learnFrom(StudyStack stack) throws IOException, InterruptedException {
        List<String> offered = stack.service().strategies();
        for (String s : options.strategies()) {
            if (!offered.contains(s)) {
                throw new IllegalArgumentException("--strategies: '" + s + "' is not one of the service's " + offered
                        + (s.equals(UploadSettings.VALET_KEY)
                                ? " (valet-key is its own row: --valet-key on|off)"
                                : ""));
            }
        }
        strategies = options.strategies().isEmpty() ? offered : options.strategies();
        UploadExecutor executor = UploadExecutor.of(stack.service().metrics());
        executorThreads = executor.threads();
        capacity = executor.capacity();
    }

    private boolean valetKeyAvailable(StudyStack stack) throws IOException, InterruptedException {
        if (valetKeyAvailable == null) {
            HttpResponse<String> grant = HTTP.send(
                    HttpRequest.newBuilder(
                                    stack.service().baseUrl().resolve("/uploads/study-valet-key-probe/grant?size=1"))
                            .timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            // 404: no such route; 405: the path is the PUT upload route, which takes no POST. Either way no grant.
            valetKeyAvailable = grant.statusCode() != 404 && grant.statusCode() != 405;
            if (!valetKeyAvailable) {
                valetKeySkipped = "the service answered POST /uploads/{name}/grant with " + grant.statusCode()
                        + ": this build has no valet-key endpoint";
            }
        }
        return valetKeyAvailable;
    }

    /**
     * One cell: its warm-up bursts, then its timed burst, alone or in rounds beside its ceiling's burst
     * ({@code --rounds}); the cell's figures are its last round's.
     */
    private void runCell(StudyStack stack, String strategy, boolean budget, int size, int users, int cellNo, int total)
            throws Exception {
        String id =
                String.format(Locale.ROOT, "%02d-budget-%s-%s-%dm-%du", cellNo, onOff(budget), strategy, size, users);
        Path cellDir = runDir.resolve("cells").resolve(id);
        Files.createDirectories(cellDir);
        System.out.printf(
                Locale.ROOT,
                "[cell %d/%d, %d left] budget %-3s  %-9s  %3d MB x %3d users ... ",
                cellNo,
                total,
                total - cellNo,
                onOff(budget),
                strategy,
                size,
                users);
        Map<String, String> properties = cellProperties(stack, strategy, size, users, cellDir);
        warmUpCell(stack, cellDir, properties, size, users);
        Rounds rounds = timedRounds(stack, strategy, size, users, cellDir, properties);
        Burst burst = rounds.last();
        StudyResult.Cell cell = new StudyResult.Cell(
                strategy,
                budget,
                size,
                users,
                burst.run().exitCode(),
                burst.up(),
                burst.oomErrors(),
                htmlReport(rounds.lastDir()),
                burst.outcomes(),
                burst.memory(),
                burst.seconds(),
                burst.cpu(),
                burst.reads(),
                burst.verifyReads(),
                rounds.pairs().isEmpty() ? null : List.copyOf(rounds.pairs()));
        cells.add(cell);
        printCell(cell, burst);
        written();
    }

    /** The simulation's system properties for the cell's bursts. */
    private Map<String, String> cellProperties(StudyStack stack, String strategy, int size, int users, Path cellDir) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("baseUrl", stack.service().baseUrl().toString());
        properties.put("managementUrl", stack.service().managementUrl().toString());
        properties.put("strategy", strategy);
        properties.put("fileSizeMb", Integer.toString(size));
        properties.put("users", Integer.toString(users));
        properties.put("capacity", Integer.toString(capacity));
        properties.put("mode", options.mode());
        properties.put("outcomesFile", cellDir.resolve("outcomes.json").toString());
        return properties;
    }

    /** The cell's untimed bursts ({@code --warm-up}), Azurite restarted empty when it would fill ({@link #restartBefore}). */
    private void warmUpCell(StudyStack stack, Path cellDir, Map<String, String> properties, int size, int users)
            throws Exception {
        long warmUpBytes = (long) users * Math.min(size, options.warmUpMb()) * MIB;
        long written = Long.MAX_VALUE; // what the cell's Azurite holds from earlier cells is not known: start empty
        for (int n = 1; n <= options.warmUpBursts(); n++) {
            if (restartBefore(written, warmUpBytes)) {
                stack.freshAzurite();
                written = 0;
            }
            warmUp(stack, cellDir.resolve("warm-up-" + n), properties, options.warmUpMb());
            written += warmUpBytes;
        }
    }

    /**
     * A cell's timed bursts.
     *
     * @param last    its last round's burst: the cell's figures
     * @param lastDir where that burst's Gatling results are
     * @param pairs   the rounds measured beside their ceiling's burst; empty without {@code --rounds} 2 or more
     */
    private record Rounds(Burst last, Path lastDir, List<StudyResult.Round> pairs) {}

    /** The cell's timed burst, or {@code --rounds} of them each beside its ceiling's burst, until the service dies. */
    private Rounds timedRounds(
            StudyStack stack, String strategy, int size, int users, Path cellDir, Map<String, String> properties)
            throws Exception {
        int target = UploadSettings.VALET_KEY.equals(strategy)
                ? 0
                : Math.max(1, (int) Math.ceil(0.8 * Math.min(users, executorThreads)));
        String partnerRow = options.rounds() < 2
                ? null
                : UploadSettings.VALET_KEY.equals(strategy) ? StudyResult.Ceiling.STORAGE : StudyResult.Ceiling.NGINX;
        List<StudyResult.Round> pairs = new ArrayList<>();
        Burst burst = null;
        Path burstDir = cellDir;
        try (NginxProcess nginx = StudyResult.Ceiling.NGINX.equals(partnerRow)
                ? NginxProcess.start(
                        cellDir.resolve("nginx"), "127.0.0.1:" + stack.azurite().port())
                : null) {
            for (int round = 1; round <= options.rounds(); round++) {
                Path dir = options.rounds() < 2 ? cellDir : cellDir.resolve("round-" + round);
                Map<String, String> timed = new LinkedHashMap<>(properties);
                timed.put("outcomesFile", dir.resolve("outcomes.json").toString());
                Files.createDirectories(dir);
                burstDir = dir;
                if (partnerRow == null) {
                    burst = timedBurst(stack, dir, timed, target);
                } else {
                    PairedRound paired = pairedRound(stack, nginx, partnerRow, size, users, round, dir, timed, target);
                    burst = paired.cell();
                    if (paired.round() != null) {
                        pairs.add(paired.round());
                    }
                }
                if (!stack.service().healthy()) {
                    break; // the rounds left would measure a dead service
                }
                if (round < options.rounds()) {
                    stack.awaitIdle(Duration.ofSeconds(60));
                }
            }
        }
        return new Rounds(burst, burstDir, pairs);
    }

    /** A round's cell burst and the pair it made with its partner's; null when the round is left out. */
    private record PairedRound(Burst cell, StudyResult.Round round) {}

    /**
     * One round of a cell beside its ceiling's burst: the partner first in odd rounds, the cell first in even ones
     * ({@link #cellFirst}); left out when either burst has no time.
     */
    private PairedRound pairedRound(
            StudyStack stack,
            NginxProcess nginx,
            String partnerRow,
            int size,
            int users,
            int round,
            Path dir,
            Map<String, String> timed,
            int target)
            throws Exception {
        boolean cellFirst = cellFirst(round);
        Paired<StudyResult.Ceiling> partner = null;
        if (!cellFirst) {
            partner = pairedPartner(stack, nginx, partnerRow, size, users, dir.resolve(partnerRow));
            System.out.printf(
                    Locale.ROOT,
                    "round %d: %s %.1f s, ",
                    round,
                    partnerRow,
                    partner.burst().spanSeconds());
        }
        Paired<Burst> cell = pairedCell(stack, dir, timed, target);
        UploadOutcomes.Summary o = cell.burst().outcomes();
        boolean timedCell = o != null && o.spanSeconds() != null;
        String cellTime = timedCell ? String.format(Locale.ROOT, "%.1f s", o.spanSeconds()) : "no burst time";
        System.out.printf(
                Locale.ROOT, "%scell %s, ", cellFirst ? String.format(Locale.ROOT, "round %d: ", round) : "", cellTime);
        if (cellFirst && stack.service().healthy()) {
            stack.awaitIdle(Duration.ofSeconds(60));
            partner = pairedPartner(stack, nginx, partnerRow, size, users, dir.resolve(partnerRow));
            System.out.printf(
                    Locale.ROOT, "%s %.1f s, ", partnerRow, partner.burst().spanSeconds());
        }
        if (partner == null || !timedCell || partner.burst().spanSeconds() <= 0) {
            System.out.printf(Locale.ROOT, "(round left out), ");
            return new PairedRound(cell.burst(), null);
        }
        return new PairedRound(
                cell.burst(),
                new StudyResult.Round(
                        partner.burst(),
                        o.spanSeconds(),
                        cell.burst().cpu(),
                        o.accepted(),
                        cellFirst,
                        known(partner.azuriteReadBytes()),
                        known(cell.azuriteReadBytes())));
    }

    /** The cell's progress lines: its time, the service's state and memory, its ratios and its outcomes. */
    private void printCell(StudyResult.Cell cell, Burst burst) {
        double load = studyRun.sampleLoad();
        StudyResult.Memory memory = burst.memory();
        System.out.printf(
                Locale.ROOT,
                "%d s, exit %d, service up: %s, peak heap %s MiB, live %s MiB above idle%s%s, load %.2f%n",
                burst.seconds(),
                burst.run().exitCode(),
                burst.up(),
                Figures.mib(memory.peakHeapUsedBytes()),
                memory.liveAboveIdleBytes() == null
                        ? "–"
                        : Figures.mib(memory.liveAboveIdleBytes().doubleValue()),
                memory.inFlight() == null ? "" : " (" + memory.inFlight() + " in flight)",
                ratioText(cell),
                load);
        System.out.println("        "
                + (burst.outcomes() != null
                        ? burst.outcomes().toText()
                        : "no outcome tally (see " + burst.run().log() + ")"));
    }

    /** What one timed burst of a cell measured. */
    private record Burst(
            GatlingRun.Result run,
            StudyResult.Memory memory,
            long seconds,
            boolean up,
            int oomErrors,
            UploadOutcomes.Summary outcomes,
            StudyResult.Cpu cpu,
            StudyResult.ServiceReads reads,
            StudyResult.ServiceReads verifyReads) {}

    /**
     * One timed burst against the service, Gatling's results in {@code dir}: the memory sampler (and its live-heap
     * probes) and the CPU window run during it.
     */
    private Burst timedBurst(StudyStack stack, Path dir, Map<String, String> properties, int target) throws Exception {
        long logOffset = Files.size(stack.service().process().log());
        Path outcomesFile = Path.of(properties.get("outcomesFile"));
        long start = System.currentTimeMillis();
        GatlingRun.Result run;
        StudyResult.Memory memory;
        MemorySampler sampler =
                MemorySampler.start(stack.service(), stack.probe(), target, options.heapProbes(), 2_000);
        long readBefore = PROCESSES.bytesRead(stack.service().pid()).orElse(-1);
        double verifyBefore = verifyReadBytes(stack.service().metrics());
        CpuWindow cpuWindow = CpuWindow.start(
                CpuWindow::endedChildren, stack.service().process()::cpuSeconds, stack::azuriteCpuSeconds);
        try {
            run = GatlingRun.run(
                    dir.resolve("gatling"), properties, Duration.ofSeconds(options.cellTimeoutSeconds()), true);
        } finally {
            sampler.close();
            memory = sampler.result();
            cpuWindow.stop();
        }
        long readAfter = PROCESSES.bytesRead(stack.service().pid()).orElse(-1);
        double verifyAfter =
                stack.service().healthy() ? verifyReadBytes(stack.service().metrics()) : Double.NaN;
        long seconds = (System.currentTimeMillis() - start + 500) / 1000;
        boolean up = stack.service().healthy();
        int oom = oomErrors(stack.service().process().log(), logOffset);
        UploadOutcomes.Summary outcomes =
                Files.isRegularFile(outcomesFile) ? UploadOutcomes.Summary.read(outcomesFile) : null;
        StudyResult.Cpu cpu = withGatlingsOwnCpu(duringBurst(cpuWindow, outcomes), outcomes);
        int stored = outcomes == null ? 0 : outcomes.accepted();
        StudyResult.ServiceReads reads = stored > 0 && readBefore >= 0 && readAfter >= readBefore
                ? new StudyResult.ServiceReads((readAfter - readBefore) / (double) stored, "rchar")
                : null;
        StudyResult.ServiceReads verifyReads = stored > 0 && !Double.isNaN(verifyBefore) && !Double.isNaN(verifyAfter)
                ? new StudyResult.ServiceReads((verifyAfter - verifyBefore) / stored, VERIFY_READ_METRIC)
                : null;
        return new Burst(run, memory, seconds, up, oom, outcomes, cpu, reads, verifyReads);
    }

    /**
     * Whether the cell sends its burst before its partner's in this round: the partner goes first in odd rounds, the
     * cell in even ones, so that neither side always meets the machine a minute later (the host's speed drifts).
     */
    static boolean cellFirst(int round) {
        return round % 2 == 0;
    }

    /**
     * A timed burst of a pair and what its Azurite had taken in before it.
     *
     * @param azuriteReadBytes bytes Azurite had read between its restart and the timed run
     *     ({@link StudyStack#azuriteReadSinceRestart}): the warm-up's, nothing of the other burst of the pair; -1 when
     *     unreadable
     */
    private record Paired<T>(T burst, long azuriteReadBytes) {}

    private static Long known(long bytes) {
        return bytes < 0 ? null : bytes;
    }

    /**
     * The cell's partner burst for one round: its ceiling (through {@code nginx} for the nginx row) on an Azurite of its
     * own, restarted empty and warmed by one untimed burst of the same users with {@value CeilingRows#WARM_UP_MB} MiB files
     * through the same path; then the same users with the cell's file size, timed.
     */
    private Paired<StudyResult.Ceiling> pairedPartner(
            StudyStack stack, NginxProcess nginx, String row, int size, int users, Path dir) throws Exception {
        stack.freshAzurite();
        CeilingRows.Run run =
                CeilingRows.sasPut(stack, nginx, row, users, Duration.ofSeconds(options.cellTimeoutSeconds()));
        run.run(dir.resolve("warm-up-1"), Math.min(size, CeilingRows.WARM_UP_MB));
        // measured before the timed run, which sends one 1 MiB file of its own first (SasPutCeiling)
        long read = stack.azuriteReadSinceRestart();
        return new Paired<>(run.run(dir, size), read);
    }

    /**
     * The cell's timed burst of one round on an Azurite of its own, restarted empty and warmed by one untimed burst of
     * the cell with {@value CeilingRows#WARM_UP_MB} MiB files, as its partner's is: an in-memory Azurite pays more CPU per
     * GB as it fills, so a burst sent into the Azurite its partner had just filled would be charged for the partner's
     * bytes. The service itself was warmed by the cell's {@code --warm-up} bursts before the first round.
     */
    private Paired<Burst> pairedCell(StudyStack stack, Path dir, Map<String, String> properties, int target)
            throws Exception {
        stack.freshAzurite();
        warmUp(stack, dir.resolve("warm-up"), properties, CeilingRows.WARM_UP_MB);
        long read = stack.azuriteReadSinceRestart();
        return new Paired<>(timedBurst(stack, dir, properties, target), read);
    }

    private String ratioText(StudyResult.Cell cell) {
        StringBuilder text = new StringBuilder();
        for (String row : List.of(StudyResult.Ceiling.STORAGE, StudyResult.Ceiling.NGINX)) {
            Double ratio = StudyAnalysis.timeRatio(result(), cell, row);
            if (ratio != null) {
                text.append(String.format(Locale.ROOT, ", %.2f x %s's time", ratio, row));
            }
        }
        return text.toString();
    }

    /**
     * Whether the cell's warm-ups restart Azurite empty before a burst of {@code next} bytes, when it holds {@code
     * written}: an in-memory Azurite slows as it fills and fails writes (the service answers 502) once its extent memory,
     * half the machine's RAM by default, is full (measured: docs/results/load-test-measurements.md, 27 Nov 2026). Up to
     * {@value #WARM_UP_FILL_BYTES} bytes go into one Azurite; a single larger burst gets an empty one of its own.
     */
    static boolean restartBefore(long written, long next) {
        return written > 0 && (written >= WARM_UP_FILL_BYTES || next > WARM_UP_FILL_BYTES - written);
    }

    /**
     * Sends the cell's burst untimed with files of at most {@code warmUpMb} MiB (the same users and requests, the same
     * code in the service; its own outcomes file, fresh blob names), then waits until the service is idle again: what
     * the timed burst runs is compiled, its pools are filled. Small files keep the warm-up short and leave little in
     * the in-memory Azurite beside the timed burst's blobs. The memory sampler runs as in the timed burst, so the
     * service has compiled its metrics scrapes too. A failed warm-up is reported, not fatal
     * (the timed burst will show the same failure with its figures).
     */
    private void warmUp(StudyStack stack, Path dir, Map<String, String> cellProperties, int warmUpMb)
            throws IOException, InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>(cellProperties);
        properties.put("outcomesFile", dir.resolve("outcomes.json").toString());
        properties.computeIfPresent(
                "fileSizeMb", (k, mb) -> Integer.toString(Math.min(Integer.parseInt(mb), warmUpMb)));
        long start = System.nanoTime();
        GatlingRun.Result warm;
        // The timed burst's sampler scrapes the service's metrics every 0.5 s; scraping here too compiles that path
        // before it is timed (no live-heap probes: no forced GC).
        try (MemorySampler scrapes = MemorySampler.start(stack.service(), stack.probe(), 0, 0, 2_000)) {
            warm = GatlingRun.run(dir, properties, Duration.ofSeconds(options.cellTimeoutSeconds()), false);
        }
        stack.awaitIdle(Duration.ofSeconds(60));
        System.out.printf(
                Locale.ROOT,
                "warm-up %.0f s%s, ",
                (System.nanoTime() - start) / 1e9,
                warm.exitCode() == 0 ? "" : " (exit " + warm.exitCode() + ", log " + warm.log() + ")");
    }

    /**
     * The hop's and storage's CPU from the burst's first request to its last answer, when the tally has both; else
     * over the whole Gatling run ({@link CpuWindow#stop()}).
     */
    static StudyResult.Cpu duringBurst(CpuWindow window, UploadOutcomes.Summary outcomes) {
        if (outcomes == null || outcomes.firstStartMs() == null || outcomes.lastEndMs() == null) {
            return window.stop();
        }
        return window.within(outcomes.firstStartMs(), outcomes.lastEndMs());
    }

    /**
     * The client's CPU as the Gatling JVM measured it itself from the first user to the end of the run (its start-up and
     * its HTML report left out), when its tally has it; else what {@code /proc} counted for the whole child process.
     */
    static StudyResult.Cpu withGatlingsOwnCpu(StudyResult.Cpu cpu, UploadOutcomes.Summary outcomes) {
        if (outcomes == null || outcomes.clientCpuSeconds() == null) {
            return cpu;
        }
        return new StudyResult.Cpu(outcomes.clientCpuSeconds(), cpu.hop(), cpu.storage());
    }

    /**
     * The counter of bytes valet-key completions read back from storage to verify an upload, when the service has one
     * (summed over its samples); NaN when it has none.
     */
    static double verifyReadBytes(PrometheusText metrics) {
        double sum = Double.NaN;
        for (PrometheusText.Sample sample : metrics.samples()) {
            if (sample.name().equals(VERIFY_READ_METRIC)) {
                sum = (Double.isNaN(sum) ? 0 : sum) + sample.value();
            }
        }
        return sum;
    }

    // ------------------------------------------------------------------------------------------------- the soak

    /**
     * The soak: many uploads with the strategies in turn at bounded concurrency, the live heap after a forced GC
     * before, during and after.
     */
    private StudyResult runSoak() throws Exception {
        try (StudyStack stack = startStack(true, "stack-soak")) {
            learnFrom(stack);
            List<String> mix = soakMix(stack);
            int users = Math.min(options.soakUsers(), capacity);
            int perUser = options.soakUploads() / users;
            int uploads = perUser * users;
            System.out.printf(
                    Locale.ROOT,
                    "Soak: %d uploads of %d KiB, %d users at once (%d each), strategies %s%n",
                    uploads,
                    options.soakSizeKb(),
                    users,
                    perUser,
                    mix);
            long baseline = warmedUpBaseline(stack);
            long logOffset = Files.size(stack.service().process().log());
            Path soakDir = runDir.resolve("soak");
            Path outcomesFile = soakDir.resolve("outcomes.json");
            long start = System.currentTimeMillis();
            GatlingRun.Result run;
            StudyResult.Memory memory;
            MemorySampler sampler = MemorySampler.start(stack.service(), stack.probe(), 0, 20, 15_000);
            try {
                run = GatlingRun.run(
                        soakDir.resolve("gatling"),
                        soakProperties(stack, mix, users, perUser, outcomesFile),
                        Duration.ofSeconds(Math.max(options.cellTimeoutSeconds(), 3 * 3600)),
                        true);
            } finally {
                sampler.close();
                memory = sampler.result();
            }
            long seconds = (System.currentTimeMillis() - start + 500) / 1000;
            boolean up = stack.service().healthy();
            long after = up ? idleLiveHeap(stack) : -1;
            UploadOutcomes.Summary outcomes =
                    Files.isRegularFile(outcomesFile) ? UploadOutcomes.Summary.read(outcomesFile) : null;
            soak = new StudyResult.Soak(
                    uploads,
                    users,
                    options.soakSizeKb(),
                    mix,
                    run.exitCode(),
                    up,
                    oomErrors(stack.service().process().log(), logOffset),
                    outcomes,
                    memory,
                    baseline,
                    after,
                    sampler.maxLive(),
                    seconds);
            printSoak(soak, run);
        }
        return written();
    }

    /** One warm-up upload per strategy, then the live heap after a forced full GC (twice), nothing in flight. */
    private long warmedUpBaseline(StudyStack stack) throws Exception {
        for (String s : strategies) {
            stack.warmUp(s);
        }
        stack.probe().liveHeapBytes();
        return stack.probe().liveHeapBytes();
    }

    /** The soak's strategies: the service's, and valet-key where asked for and the service has it. */
    private List<String> soakMix(StudyStack stack) throws IOException, InterruptedException {
        List<String> mix = new ArrayList<>(strategies);
        if (options.valetKey()) {
            if (valetKeyAvailable(stack)) {
                mix.add(UploadSettings.VALET_KEY);
            } else {
                System.out.println("valet-key: left out of the mix — " + valetKeySkipped);
            }
        }
        return mix;
    }

    /** The simulation's system properties for the soak: each user's uploads one after the other onto one blob. */
    private Map<String, String> soakProperties(
            StudyStack stack, List<String> mix, int users, int perUser, Path outcomesFile) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("baseUrl", stack.service().baseUrl().toString());
        properties.put("managementUrl", stack.service().managementUrl().toString());
        properties.put("strategy", String.join(",", mix));
        properties.put("fileSizeKb", Integer.toString(options.soakSizeKb()));
        properties.put("users", Integer.toString(users));
        properties.put("uploadsPerUser", Integer.toString(perUser));
        properties.put("capacity", Integer.toString(capacity));
        properties.put("names", "per-user");
        properties.put("mode", options.mode());
        properties.put("outcomesFile", outcomesFile.toString());
        return properties;
    }

    /** The live heap once the executor is idle, after a forced full GC (twice: the first clears what the second finds). */
    private static long idleLiveHeap(StudyStack stack) throws Exception {
        stack.awaitIdle(Duration.ofMinutes(2));
        stack.probe().liveHeapBytes();
        return stack.probe().liveHeapBytes();
    }

    private void printSoak(StudyResult.Soak s, GatlingRun.Result run) {
        studyRun.sampleLoad();
        System.out.printf(
                Locale.ROOT,
                "Soak: %d s, exit %d, service up: %s; live heap %s MiB before, %s MiB after, at most %s MiB during%n",
                s.seconds(),
                run.exitCode(),
                s.serviceUp(),
                Figures.mib((double) s.baselineLiveHeapBytes()),
                s.afterLiveHeapBytes() < 0 ? "–" : Figures.mib((double) s.afterLiveHeapBytes()),
                s.maxLiveHeapBytes() == null
                        ? "–"
                        : Figures.mib(s.maxLiveHeapBytes().doubleValue()));
        System.out.println("        "
                + (s.outcomes() != null ? s.outcomes().toText() : "no outcome tally (see " + run.log() + ")"));
    }

    // ------------------------------------------------------------------------------------------------- plumbing

    private void recordCeiling(StudyResult.Ceiling ceiling) throws IOException {
        ceilings.add(ceiling);
        written();
    }

    /** What the study has so far, written to the run directory's {@code study.json} after every part. */
    private StudyResult written() throws IOException {
        StudyResult result = result();
        result.write(runDir.resolve("study.json"));
        return result;
    }

    private StudyResult result() {
        RunInfo info = studyRun.info(options.service().describe(), executorThreads, capacity);
        return new StudyResult(
                info,
                strategies,
                List.copyOf(cells),
                List.copyOf(ceilings),
                valetKeySkipped,
                soak,
                options.soak() ? 0 : options.warmUpBursts(),
                options.soak() ? 0 : options.warmUpMb(),
                runDirectory(),
                true); // the service on loopback: UploadSettings gives each user its own address
    }

    /** A fresh Azurite and service with the memory budget on or off, in the run directory's {@code name}. */
    private StudyStack startStack(boolean budget, String name) throws Exception {
        return StudyStack.start(studyRun.serviceJar(), options.service(), budget, runDir.resolve(name));
    }

    /** The run directory relative to the repository root, where it is under it; else absolute. */
    private String runDirectory() {
        Path root = RepositoryPaths.root();
        Path dir = runDir.toAbsolutePath().normalize();
        return (dir.startsWith(root) ? root.relativize(dir) : dir).toString();
    }

    /** Gatling's HTML report of the burst whose results are in {@code burstDir}, relative to the run directory. */
    private String htmlReport(Path burstDir) throws IOException {
        Path gatling = burstDir.resolve("gatling");
        if (!Files.isDirectory(gatling)) {
            return null;
        }
        try (Stream<Path> files = Files.walk(gatling)) {
            return files.filter(p -> p.getFileName().toString().equals("index.html"))
                    .findFirst()
                    .map(p -> runDir.relativize(p).toString())
                    .orElse(null);
        }
    }

    /** OutOfMemoryError lines the service logged after {@code offset} bytes of its log. */
    static int oomErrors(Path log, long offset) throws IOException {
        byte[] all = Files.readAllBytes(log);
        String tail = new String(
                all,
                (int) Math.min(offset, all.length),
                (int) Math.max(0, all.length - offset),
                StandardCharsets.UTF_8);
        return (int) tail.lines().filter(l -> l.contains("OutOfMemoryError")).count();
    }

    private static String onOff(boolean b) {
        return b ? "on" : "off";
    }
}
