package dev.iolab.loadtest.tus;

import dev.iolab.loadtest.RandomUploadFile;
import dev.iolab.loadtest.StudyRun;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.UploadServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tus study in one command ({@code scripts/tus-study.sh}): the upload-service's tus endpoint beside tusd v2 with its
 * Azure store, the same client ({@code --client}: tus-java-client in this JVM, or tus-js-client under node), the same
 * chunk size, each timed part on a fresh in-memory Azurite and a fresh server process, the servers interleaved (iolab,
 * tusd, iolab, tusd ...) so that whatever else loads the machine loads both.
 *
 * <ol>
 *   <li>A burst: {@code --uploads} simultaneous uploads of {@code --size-mb}, each its own tus upload; wall time,
 *       the server's and Azurite's CPU seconds, the server's peak RSS; every blob read back and compared (MD5).</li>
 *   <li>A cut upload: one upload of {@code --big-mb} through a relay that cuts the connection mid-request
 *       {@code --cuts} times; the client resumes ({@code HEAD} + {@code PATCH}); the bytes that went through the relay,
 *       the blob compared with the file.</li>
 *   <li>Behind HAProxy ({@link BalancedPair}): two processes of each kind; a resume after the process that took the
 *       first half is killed, and two concurrent {@code PATCH}es to one upload.</li>
 * </ol>
 *
 * Writes the report ({@code --output}) and its data (JSON) beside it, and keeps the processes' logs in
 * {@code load-test/target/tus-study/<UTC time>/}.
 */
public final class TusStudy {

    static final long MIB = 1024 * 1024;
    static final String IOLAB_CONTAINER = "tus";
    static final String TUSD_CONTAINER = "tusd";

    private final TusOptions options;
    private final StudyRun run;
    private final Path tusd;
    private final StudyClient client;

    private TusStudy(TusOptions options, StudyRun run, Path tusd, StudyClient client) {
        this.options = options;
        this.run = run;
        this.tusd = tusd;
        this.client = client;
    }

    public static void main(String[] args) {
        // A POST whose connection fails is not sent again behind the client's back (tus-java-client's PATCHes are
        // POSTs).
        System.setProperty("sun.net.http.retryPost", "false");
        Optional<TusOptions> parsed = StudyRun.options(TusOptions.commandLine(), args, TusOptions::parse);
        if (parsed.isEmpty()) {
            return;
        }
        TusOptions options = parsed.get();
        Path tusd = prerequisitesOrExit(options);
        Path output = StudyRun.inRepository(options.output);
        StudyRun run = StudyRun.startOrExit("the tus study", "tus-study", "tus-study.sh", args);
        System.err.println("tus study: logs in " + run.directory());
        run.exitOnFailure(() -> {
            StudyClient client = options.client == TusOptions.Client.js
                    ? NodeStudyClient.prepare(options.chunkBytes(), run.directory())
                    : new JavaStudyClient(options.chunkBytes());
            TusResult result = new TusStudy(options, run, tusd, client).measure();
            result.write(run.directory().resolve("tus-study.json"));
            java.nio.file.Files.createDirectories(output.toAbsolutePath().getParent());
            result.write(options.dataFile(output));
            TusStudyReport.write(result, output);
            System.out.println(
                    "tus study done in " + Figures.minutes(result.run().durationSeconds()) + ". Report: " + output
                            + ", data: " + options.dataFile(output));
        });
    }

    /** tusd's binary (built when missing) and HAProxy, or exit 1 with one line that says what is missing. */
    private static Path prerequisitesOrExit(TusOptions options) {
        try {
            if (options.balancer) {
                ExternalTool.HAPROXY.require();
            }
            if (options.front) {
                ExternalTool.NGINX.require();
            }
            return Tusd.binary();
        } catch (IOException | RuntimeException e) {
            System.err.println("error: the tus study cannot start: " + e.getMessage());
            System.exit(1);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(1);
            return null;
        }
    }

    TusResult measure() throws Exception {
        List<TusResult.Burst> bursts = new ArrayList<>();
        List<TusResult.CutRun> cuts = new ArrayList<>();
        List<TusResult.Balanced> balanced = new ArrayList<>();
        try (RandomUploadFile small = RandomUploadFile.create(options.sizeMb * MIB, 20261128L);
                RandomUploadFile big = RandomUploadFile.create(options.bigMb * MIB, 20261129L);
                RandomUploadFile warmUp = RandomUploadFile.create(options.warmUpKib * 1024L, 20261130L)) {
            for (int rep = 1; rep <= options.reps; rep++) {
                for (String kind : kinds()) {
                    bursts.add(burst(kind, rep, small, warmUp));
                    run.sampleLoad();
                    if (options.bigMb > 0) {
                        cuts.add(cutRun(kind, rep, big, warmUp));
                        run.sampleLoad();
                    }
                }
            }
            if (options.balancer) {
                for (String kind : kinds()) {
                    progress("behind HAProxy: two %s processes", kind);
                    balanced.add(
                            new BalancedPair(kind, this::startServer, options.chunkBytes(), run.directory()).run());
                }
            }
        }
        return new TusResult(run.info(options.service.describe(), 0, 0), setup(), bursts, cuts, balanced);
    }

    /** The servers measured, in the order each repetition runs them. */
    private List<String> kinds() {
        return options.front
                ? List.of(TusServer.IOLAB, TusServer.FRONT, TusServer.TUSD)
                : List.of(TusServer.IOLAB, TusServer.TUSD);
    }

    private TusResult.Setup setup() {
        return new TusResult.Setup(
                options.uploads,
                options.sizeMb,
                options.warmUp,
                options.warmUpKib,
                options.bigMb,
                options.cuts,
                options.chunkBytes(),
                options.reps,
                "tusd " + Tusd.VERSION + " (" + Tusd.MODULE + "), Azure store, in-memory locker",
                client.describe(),
                options.balancer ? BalancedPair.haproxyVersion(run.directory()) : null,
                cpu(),
                options.machineNote,
                true,
                true,
                true);
    }

    /** "Intel(R) Xeon(R) ... (under a hypervisor)" from {@code /proc/cpuinfo}, or "?". */
    static String cpu() {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(Path.of("/proc/cpuinfo"));
            String model = lines.stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst()
                    .orElse("?");
            boolean guest = lines.stream().anyMatch(l -> l.startsWith("flags") && l.contains(" hypervisor"));
            return model + (guest ? " (under a hypervisor)" : "");
        } catch (IOException e) {
            return "?";
        }
    }

    /** Starts a server of {@code kind} named {@code name} on {@code azurite}, its files in {@code dir}. */
    TusServer startServer(String kind, AzuriteProcess azurite, String name, Path dir, List<String> iolabArgs)
            throws IOException, InterruptedException {
        if (kind.equals(TusServer.TUSD)) {
            return Tusd.start(tusd, azurite, TUSD_CONTAINER, name, dir);
        }
        List<String> args = new ArrayList<>(iolabArgs);
        args.addAll(options.service.args());
        UploadServiceProcess.Settings settings = new UploadServiceProcess.Settings(
                run.serviceJar(), 0, 0, options.service.jvmOptions(), args, IOLAB_CONTAINER);
        return kind.equals(TusServer.FRONT)
                ? TusServer.front(settings, options.chunkBytes(), azurite, name, dir)
                : TusServer.iolab(settings, options.chunkBytes(), azurite, name, dir);
    }

    private TusResult.Burst burst(String kind, int rep, RandomUploadFile file, RandomUploadFile warmUp)
            throws Exception {
        Path dir = run.directory().resolve("rep-" + rep + "-" + kind + "-burst");
        progress(
                "rep %d/%d, %s: %d uploads of %d MiB at once",
                rep, options.reps, kind, options.uploads, options.sizeMb);
        try (AzuriteProcess azurite = AzuriteProcess.start(dir.resolve("azurite"));
                TusServer server = startServer(kind, azurite, kind, dir, List.of())) {
            client.uploadAll(server.endpoint(), warmUp.path(), "warm-", options.warmUp, options.timeoutSeconds);
            Meter meter = Meter.start(server, azurite);
            List<ResumingClient.Outcome> outcomes =
                    client.uploadAll(server.endpoint(), file.path(), "b-", options.uploads, options.timeoutSeconds);
            TusResult.Usage usage = meter.stop();
            BlobCheck blobs =
                    new BlobCheck(azurite.connectionString(), server.blobs().container());
            int verified = 0;
            for (int i = 0; i < outcomes.size(); i++) {
                ResumingClient.Outcome o = outcomes.get(i);
                String blob = o.url() == null ? null : server.blobs().blobName(o.url(), name("b-", i));
                if (o.completed()
                        && blobs.md5(blob).filter(file.md5Hex()::equals).isPresent()) {
                    verified++;
                }
            }
            TusResult.Burst burst = summary(kind, rep, file.size(), outcomes, verified, usage);
            progress(
                    "  %s: %d of %d completed, %d byte-exact, %.1f s, server CPU %.1f s, Azurite CPU %.1f s, "
                            + "peak RSS %d MiB",
                    kind,
                    burst.completed(),
                    burst.uploads(),
                    verified,
                    usage.seconds(),
                    usage.serverCpuSeconds(),
                    usage.azuriteCpuSeconds(),
                    usage.serverPeakRssBytes() / MIB);
            return burst;
        }
    }

    private static TusResult.Burst summary(
            String kind,
            int rep,
            long size,
            List<ResumingClient.Outcome> outcomes,
            int verified,
            TusResult.Usage usage) {
        int completed = (int)
                outcomes.stream().filter(ResumingClient.Outcome::completed).count();
        int failures =
                outcomes.stream().mapToInt(ResumingClient.Outcome::failures).sum();
        List<String> errors = outcomes.stream()
                .filter(o -> !o.completed())
                .map(ResumingClient.Outcome::error)
                .distinct()
                .limit(5)
                .toList();
        return new TusResult.Burst(
                kind, rep, outcomes.size(), completed, verified, failures, completed * size, usage, errors);
    }

    private TusResult.CutRun cutRun(String kind, int rep, RandomUploadFile file, RandomUploadFile warmUp)
            throws Exception {
        Path dir = run.directory().resolve("rep-" + rep + "-" + kind + "-cuts");
        progress(
                "rep %d/%d, %s: one upload of %d MiB, cut %d times",
                rep, options.reps, kind, options.bigMb, options.cuts);
        List<Long> cutAt = CuttingRelay.evenCuts(file.size(), options.cuts, options.chunkBytes());
        try (AzuriteProcess azurite = AzuriteProcess.start(dir.resolve("azurite"));
                TusServer server = startServer(kind, azurite, kind, dir, List.of());
                CuttingRelay relay = CuttingRelay.start(server.port(), cutAt)) {
            // The same untimed uploads as before a burst, straight to the server: a fresh process is timed warm.
            client.uploadAll(server.endpoint(), warmUp.path(), "warm-", options.warmUp, options.timeoutSeconds);
            URI endpoint = URI.create("http://127.0.0.1:" + relay.port() + "/files/");
            Meter meter = Meter.start(server, azurite);
            ResumingClient.Outcome outcome =
                    client.upload(endpoint, file.path(), "tus-study/big.bin", options.timeoutSeconds);
            TusResult.Usage usage = meter.stop();
            boolean verified = outcome.completed()
                    && new BlobCheck(azurite.connectionString(), server.blobs().container())
                            .md5(server.blobs().blobName(outcome.url(), "tus-study/big.bin"))
                            .filter(file.md5Hex()::equals)
                            .isPresent();
            TusResult.CutRun cut = new TusResult.CutRun(
                    kind,
                    rep,
                    file.size(),
                    relay.cuts(),
                    relay.sent(),
                    outcome.resent(),
                    outcome.completed(),
                    verified,
                    usage,
                    outcome.error());
            progress(
                    "  %s: %s, %d cuts, %d bytes through the relay (%+d past the file), client re-sent %s, "
                            + "%.1f s, server CPU %.1f s, peak RSS %d MiB",
                    kind,
                    verified ? "byte-exact" : "NOT byte-exact",
                    cut.cutsDone(),
                    cut.relayBytes(),
                    cut.relayBytes() - file.size(),
                    cut.clientResent(),
                    usage.seconds(),
                    usage.serverCpuSeconds(),
                    usage.serverPeakRssBytes() / MIB);
            return cut;
        }
    }

    /** Upload {@code i}'s name. */
    static String name(String prefix, int i) {
        return namePattern(prefix).replace("{i}", Integer.toString(i));
    }

    /** The uploads' names with {@code {i}} for the upload's index, for a client that names its uploads itself. */
    static String namePattern(String prefix) {
        return "tus-study/" + prefix + "{i}.bin";
    }

    /** A progress line on standard error: a long run says where it is. */
    static void progress(String format, Object... args) {
        System.err.printf(Locale.ROOT, "[%tT] " + format + "%n", prepend(System.currentTimeMillis(), args));
    }

    private static Object[] prepend(Object first, Object[] rest) {
        Object[] all = new Object[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
