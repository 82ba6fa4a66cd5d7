package dev.iolab.loadtest.scale;

import dev.iolab.loadtest.RandomUploadFile;
import dev.iolab.loadtest.StudyRun;
import dev.iolab.loadtest.ValetKeyGrant;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.HaproxyProcess;
import dev.iolab.stack.UploadExecutor;
import dev.iolab.stack.UploadReplicas;
import dev.iolab.stack.UploadServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

/**
 * The scale study in one command, no Docker ({@code scripts/scale-study.sh}): N upload-service replicas (each at
 * {@code -Xmx512m}) behind Debian's HAProxy with the repository's configuration, one in-memory Azurite.
 *
 * <ol>
 *   <li>A burst: {@code --clients} simultaneous uploads, each from its own loopback address; every answer counted by
 *       status and problem type, and by the replica HAProxy sent it to (its access log); every upload answered 201 is
 *       downloaded and compared (MD5) with the file, and no other blob of the burst — committed or not — and nothing
 *       in the staging container may be left.</li>
 *   <li>With {@code --kill on}: valet-key grants made on replica 1 (directly) and their bytes PUT to storage; the same
 *       burst again, and once replica 1 runs uploads, it is killed ({@code SIGKILL}); the study times how long HAProxy
 *       takes to mark it DOWN, checks that HAProxy sends it nothing afterwards, audits storage again — the killed replica's
 *       in-flight uploads must have failed without leaving a partial blob — and, once the burst is over (so that the
 *       survivors have room), sends new uploads and the completions of replica 1's grants through HAProxy.</li>
 * </ol>
 *
 * It reports what it sees against today's jar, whatever that is; writes {@code docs/results/scale-study.md} and keeps
 * {@code scale.json}, logs and HAProxy's access log in {@code load-test/target/scale-study/<UTC time>/}.
 */
public final class ScaleStudy {

    private static final long MIB = 1024 * 1024;
    private static final String CONTAINER = "scale";
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final ScaleOptions options;
    private final StudyRun run;
    /** Staging blob names of the valet-key grants made (each grant's own, not a burst's). */
    private final Set<String> grantStaging = new HashSet<>();

    private ScaleStudy(ScaleOptions options, StudyRun run) {
        this.options = options;
        this.run = run;
    }

    public static void main(String[] args) throws Exception {
        Optional<ScaleOptions> parsed = StudyRun.options(ScaleOptions.commandLine(), args, ScaleOptions::parse);
        if (parsed.isEmpty()) {
            return;
        }
        ScaleOptions options = parsed.get();
        ExternalTool.HAPROXY.require();
        Path output = StudyRun.inRepository(options.output);
        StudyRun run = StudyRun.startOrExit("the scale study", "scale-study", "scale-study.sh", args);
        System.out.println("Scale study: results in " + run.directory());
        run.exitOnFailure(() -> {
            ScaleResult result = new ScaleStudy(options, run).measure();
            ScaleStudyReport.write(result, output);
            System.out.println(
                    "Scale study done in " + Figures.minutes(result.run().durationSeconds()) + ". Report: " + output);
        });
    }

    private ScaleResult measure() throws Exception {
        Path runDir = run.directory();
        UploadServiceProcess.Settings settings = new UploadServiceProcess.Settings(
                run.serviceJar(), 0, 0, options.service.jvmOptions(), options.service.args(), CONTAINER);
        try (AzuriteProcess azurite = AzuriteProcess.start(runDir.resolve("azurite"));
                RandomUploadFile file = RandomUploadFile.create(options.sizeMb * MIB, 20251122L)) {
            System.out.printf(Locale.ROOT, "Starting %d replicas behind HAProxy ...%n", options.replicas);
            try (UploadReplicas replicas =
                    UploadReplicas.start(settings, UploadReplicas.Layout.balanced(options.replicas), azurite, runDir)) {
                HaproxyProcess haproxy = replicas.balancer().orElseThrow();
                UploadServiceProcess first = replicas.replica(1);
                String strategy = options.strategy != null
                        ? options.strategy
                        : first.info().defaultStrategy();
                UploadExecutor executor = UploadExecutor.of(first.metrics());
                int threads = executor.threads();
                int capacity = executor.capacity();
                System.out.printf(
                        Locale.ROOT,
                        "%d replicas on %s (each %d threads, capacity %d), strategy %s, %d clients x %d MiB%n",
                        options.replicas,
                        haproxy.baseUrl(),
                        threads,
                        capacity,
                        strategy,
                        options.clients,
                        options.sizeMb);
                BlobAudit audit = new BlobAudit(azurite.connectionString(), CONTAINER, CONTAINER + "-staging");

                ScaleResult.BurstResult burst = burst("a-", options.clients, 0, haproxy, file, strategy, audit);
                print("burst, every replica up", burst);
                ScaleResult.KillRun kill = null;
                if (options.kill) {
                    kill = killRun(replicas, haproxy, file, strategy, audit, threads);
                }
                ScaleResult result = new ScaleResult(
                        run.info(options.service.describe(), threads, capacity),
                        new ScaleResult.Setup(
                                options.replicas, strategy, options.clients, options.sizeMb, haproxyVersion()),
                        burst,
                        kill);
                result.write(runDir.resolve("scale.json"));
                return result;
            }
        }
    }

    /** {@code count} uploads named {@code <prefix><i>.bin} through HAProxy at once, then storage audited. */
    private ScaleResult.BurstResult burst(
            String prefix,
            int count,
            int firstClient,
            HaproxyProcess haproxy,
            RandomUploadFile file,
            String strategy,
            BlobAudit audit)
            throws Exception {
        List<String> names =
                IntStream.range(0, count).mapToObj(i -> prefix + i + ".bin").toList();
        System.out.printf(Locale.ROOT, "[%s] %d uploads at once ... ", prefix, count);
        List<ScaleResult.Upload> uploads = ClientBurst.run(
                haproxy.baseUrl(),
                names,
                firstClient,
                file.path(),
                strategy,
                Duration.ofSeconds(options.timeoutSeconds));
        return finish(prefix, uploads, haproxy, file, audit);
    }

    private ScaleResult.BurstResult finish(
            String prefix,
            List<ScaleResult.Upload> uploads,
            HaproxyProcess haproxy,
            RandomUploadFile file,
            BlobAudit audit)
            throws IOException {
        Map<String, String> servedBy = HaproxyLog.replicas(haproxy.process().log());
        List<ScaleResult.Upload> attributed = uploads.stream()
                .map(u -> new ScaleResult.Upload(
                        u.name(),
                        u.client(),
                        servedBy.get(u.name()),
                        u.status(),
                        u.problemType(),
                        u.error(),
                        u.startMs(),
                        u.endMs()))
                .toList();
        long first =
                uploads.stream().mapToLong(ScaleResult.Upload::startMs).min().orElse(0);
        long last = uploads.stream().mapToLong(ScaleResult.Upload::endMs).max().orElse(0);
        List<String> stored = attributed.stream()
                .filter(ScaleResult.Upload::stored)
                .map(ScaleResult.Upload::name)
                .toList();
        System.out.print("auditing " + stored.size() + " stored blobs ... ");
        ScaleResult.Audit checked = audit.audit(prefix, stored, file.md5Hex(), name -> !grantStaging.contains(name));
        audit.delete(prefix);
        run.sampleLoad();
        return new ScaleResult.BurstResult(prefix, attributed, checked, (last - first) / 1000.0);
    }

    /** What the grants made on the victim before its kill hold: per grant its outcome and its grant (null if none). */
    private record Granted(List<ScaleResult.Grant> grants, List<ValetKeyGrant> valetKeys) {}

    /** The kill: when, and how many uploads the victim's executor ran at that moment. */
    private record Kill(long burstStart, long killedAt, int running) {

        double secondsIntoBurst() {
            return (killedAt - burstStart) / 1000.0;
        }
    }

    /**
     * The burst with a replica killed: grants made on the victim first (their bytes in storage), then the burst, the
     * victim killed with SIGKILL mid-burst, how fast HAProxy took it out, new uploads after it, and the grants'
     * completions through HAProxy.
     */
    private ScaleResult.KillRun killRun(
            UploadReplicas replicas,
            HaproxyProcess haproxy,
            RandomUploadFile file,
            String strategy,
            BlobAudit audit,
            int threads)
            throws Exception {
        UploadServiceProcess victim = replicas.replica(1);
        String victimName = "replica-1";
        Granted granted = grantOnVictim(victim, victimName, file);
        ExecutorService runner = Executors.newVirtualThreadPerTaskExecutor();
        long burstStart = System.currentTimeMillis();
        Future<List<ScaleResult.Upload>> burst = runner.submit(() -> ClientBurst.run(
                haproxy.baseUrl(),
                IntStream.range(0, options.clients)
                        .mapToObj(i -> "b-" + i + ".bin")
                        .toList(),
                0,
                file.path(),
                strategy,
                Duration.ofSeconds(options.timeoutSeconds)));
        runner.shutdown();
        Kill kill = killMidBurst(victim, victimName, burst, burstStart, threads);
        Double secondsToDown = secondsToDown(haproxy, victimName, kill.killedAt());
        long sessionsAtDown = state(haproxy, victimName).totalSessions();
        ScaleResult.BurstResult killed = finish("b-", awaitBurst(burst), haproxy, file, audit);
        print("burst with " + victimName + " killed", killed);
        // The survivors are done with the burst: new uploads find them with room, so what they are answered says
        // whether failing over worked, not whether the burst had filled them.
        ScaleResult.BurstResult afterKill = null;
        if (options.afterKill > 0) {
            afterKill = burst("after-", options.afterKill, options.clients, haproxy, file, strategy, audit);
            print("new uploads after the kill", afterKill);
        }
        List<ScaleResult.Grant> completed = completeThroughHaproxy(granted, haproxy);
        long sessionsAfterDown = state(haproxy, victimName).totalSessions() - sessionsAtDown;
        List<ScaleResult.Grant> attributed = attributed(completed, haproxy);
        ScaleResult.Audit grantAudit = auditGrants(attributed, file, audit);
        return new ScaleResult.KillRun(
                killed,
                victimName,
                kill.secondsIntoBurst(),
                kill.running(),
                secondsToDown,
                sessionsAfterDown,
                afterKill,
                attributed,
                grantAudit);
    }

    /** Makes {@code options.grants} valet-key grants on the victim and puts the file's bytes to storage with each. */
    private Granted grantOnVictim(UploadServiceProcess victim, String victimName, RandomUploadFile file)
            throws IOException, InterruptedException {
        List<ScaleResult.Grant> grants = new ArrayList<>();
        List<ValetKeyGrant> granted = new ArrayList<>();
        for (int g = 0; g < options.grants; g++) {
            String name = "grant-" + g + ".bin";
            HttpResponse<String> answer = HTTP.send(
                    HttpRequest.newBuilder(victim.baseUrl()
                                    .resolve("/uploads/" + name + "/grant?size=" + file.size() + "&md5="
                                            + URLEncoder.encode(file.md5Base64(), StandardCharsets.UTF_8)))
                            .timeout(Duration.ofSeconds(60))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 201) {
                grants.add(new ScaleResult.Grant(name, answer.statusCode(), 0, 0, "no grant", null));
                granted.add(null);
                continue;
            }
            ValetKeyGrant grant = ValetKeyGrant.parse(answer.body(), victim.baseUrl());
            grants.add(new ScaleResult.Grant(name, 201, putToStorage(grant, file), 0, null, null));
            granted.add(grant);
        }
        System.out.printf(
                Locale.ROOT,
                "%d valet-key grants made on %s, their bytes in storage: %d%n",
                granted.stream().filter(g -> g != null).count(),
                victimName,
                grants.stream().filter(g -> g.storageStatus() == 201).count());
        return new Granted(grants, granted);
    }

    /** Sends the file to storage with a grant, as a valet-key client does; the storage's status. */
    private int putToStorage(ValetKeyGrant grant, RandomUploadFile file) throws IOException, InterruptedException {
        String path = grant.uploadUrl().getPath();
        grantStaging.add(path.substring(path.lastIndexOf('/') + 1));
        HttpRequest.Builder put = HttpRequest.newBuilder(grant.uploadUrl())
                .timeout(Duration.ofMinutes(5))
                .PUT(HttpRequest.BodyPublishers.ofFile(file.path()));
        grant.headers().forEach(put::header);
        return HTTP.send(put.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /**
     * Kills the victim with SIGKILL once its executor runs uploads mid-burst: half its share of the burst, at most all
     * its threads, or after two minutes or the burst's end, whichever comes first.
     */
    private Kill killMidBurst(
            UploadServiceProcess victim, String victimName, Future<?> burst, long burstStart, int threads)
            throws InterruptedException {
        int share = (int) Math.ceil(options.clients / (double) options.replicas);
        int busy = Math.max(1, Math.min(threads, share / 2));
        int running = 0;
        long waitUntil = System.currentTimeMillis() + Duration.ofMinutes(2).toMillis();
        while (System.currentTimeMillis() < waitUntil && !burst.isDone()) {
            try {
                running = (int) UploadExecutor.active(victim.metrics());
            } catch (IOException e) {
                // busy: try again
            }
            if (running >= busy) {
                break;
            }
            Thread.sleep(50);
        }
        Kill kill = new Kill(burstStart, System.currentTimeMillis(), running);
        victim.kill();
        System.out.printf(
                Locale.ROOT,
                "%s killed (SIGKILL) %.1f s into the burst, running %d uploads%n",
                victimName,
                kill.secondsIntoBurst(),
                running);
        return kill;
    }

    /** Seconds from the kill until HAProxy listed the victim DOWN; null when not within 15 s. */
    private static Double secondsToDown(HaproxyProcess haproxy, String victimName, long killedAt)
            throws IOException, InterruptedException {
        Double secondsToDown = null;
        long downDeadline = killedAt + 15_000;
        while (System.currentTimeMillis() < downDeadline) {
            if (state(haproxy, victimName).down()) {
                secondsToDown = (System.currentTimeMillis() - killedAt) / 1000.0;
                break;
            }
            Thread.sleep(20);
        }
        System.out.println("HAProxy marked " + victimName + " DOWN "
                + (secondsToDown == null
                        ? "not within 15 s"
                        : String.format(Locale.ROOT, "after %.2f s", secondsToDown)));
        return secondsToDown;
    }

    private static List<ScaleResult.Upload> awaitBurst(Future<List<ScaleResult.Upload>> burst)
            throws InterruptedException {
        List<ScaleResult.Upload> uploads;
        try {
            uploads = burst.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the burst failed: " + e.getCause(), e.getCause());
        }
        System.out.print("[b-] " + uploads.size() + " uploads done; ");
        return uploads;
    }

    /** Completes each grant whose bytes are in storage through HAProxy; the others as they were. */
    private static List<ScaleResult.Grant> completeThroughHaproxy(Granted granted, HaproxyProcess haproxy)
            throws InterruptedException {
        List<ScaleResult.Grant> completed = new ArrayList<>();
        for (int g = 0; g < granted.grants().size(); g++) {
            ScaleResult.Grant grant = granted.grants().get(g);
            ValetKeyGrant valet = granted.valetKeys().get(g);
            completed.add(valet == null || grant.storageStatus() != 201 ? grant : complete(grant, valet, haproxy));
        }
        return completed;
    }

    /** One completion through HAProxy: its status and problem type (or the exception's name when none came). */
    private static ScaleResult.Grant complete(ScaleResult.Grant grant, ValetKeyGrant valet, HaproxyProcess haproxy)
            throws InterruptedException {
        URI complete = haproxy.baseUrl()
                .resolve(valet.completeUrl().getRawPath()
                        + (valet.completeUrl().getRawQuery() == null
                                ? ""
                                : "?" + valet.completeUrl().getRawQuery()));
        int status = 0;
        String problem;
        try {
            HttpResponse<String> answer = HTTP.send(
                    HttpRequest.newBuilder(complete)
                            .timeout(Duration.ofMinutes(2))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            status = answer.statusCode();
            problem = status == 201 ? null : ClientBurst.problemType(answer.body());
        } catch (IOException e) {
            problem = e.getClass().getSimpleName();
        }
        return new ScaleResult.Grant(grant.name(), 201, grant.storageStatus(), status, problem, null);
    }

    /** The grants with the replica HAProxy's log says served each completion. */
    private static List<ScaleResult.Grant> attributed(List<ScaleResult.Grant> completed, HaproxyProcess haproxy)
            throws IOException {
        Map<String, String> servedBy = HaproxyLog.replicas(haproxy.process().log());
        return completed.stream()
                .map(g -> new ScaleResult.Grant(
                        g.name(),
                        g.grantStatus(),
                        g.storageStatus(),
                        g.completeStatus(),
                        g.completeProblem(),
                        servedBy.get(g.name() + "/complete")))
                .toList();
    }

    /** What storage holds for the completed grants. */
    private ScaleResult.Audit auditGrants(List<ScaleResult.Grant> attributed, RandomUploadFile file, BlobAudit audit)
            throws IOException {
        ScaleResult.Audit grantAudit = audit.audit(
                "grant-",
                attributed.stream()
                        .filter(g -> g.completeStatus() == 201)
                        .map(ScaleResult.Grant::name)
                        .toList(),
                file.md5Hex(),
                grantStaging::contains);
        System.out.printf(
                Locale.ROOT,
                "valet-key completions through HAProxy after the kill: %s; storage: %s%n",
                attributed.stream()
                        .map(g -> g.completeStatus() + (g.completeProblem() == null ? "" : " " + g.completeProblem()))
                        .toList(),
                grantAudit);
        return grantAudit;
    }

    private static HaproxyProcess.ServerState state(HaproxyProcess haproxy, String name)
            throws IOException, InterruptedException {
        return haproxy.servers().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("HAProxy does not list " + name));
    }

    private static void print(String what, ScaleResult.BurstResult burst) {
        System.out.printf(
                Locale.ROOT,
                "%s: %.1f s, %s, by replica %s; storage: %s%n",
                what,
                burst.spanSeconds(),
                burst.byOutcome(),
                burst.byReplica(),
                burst.audit().clean() ? "every 201 byte-exact, nothing else left" : burst.audit());
    }

    private String haproxyVersion() {
        try {
            return ExternalTool.HAPROXY
                    .run(run.directory(), 30, "-v")
                    .output()
                    .lines()
                    .findFirst()
                    .orElse("?");
        } catch (IOException | RuntimeException e) {
            return "?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }
}
