package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.HaproxyProcess;
import dev.iolab.stack.HeapProbe;
import dev.iolab.stack.PrometheusProcess;
import dev.iolab.stack.PrometheusText;
import dev.iolab.stack.UploadReplicas;
import dev.iolab.stack.UploadServiceProcess;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The stack as dev-up and compose lay it out, end to end on loopback, no Docker: a real Azurite, two real
 * upload-service replicas behind Debian's HAProxy (the committed configuration) and Debian's Prometheus scraping each
 * replica's management port and HAProxy. Gatling bursts from distinct client addresses run the
 * {@link UploadSimulation} through HAProxy (within capacity: all accepted, on both replicas; with both replicas'
 * capacity held: all refused by 503, none reset), then every query of the Grafana dashboard must return data.
 *
 * <p>Each replica runs with a small executor (5 threads, queue 5: capacity 10) so that the bursts stay small, and
 * gives a stalled body 5 minutes instead of 20 s, so that stalled uploads can hold its capacity for the third test.
 * Artifacts (logs, Prometheus data, Gatling logs) stay in {@code target/upload-stack-it/} for a failed run's autopsy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
@Timeout(value = 240, unit = java.util.concurrent.TimeUnit.SECONDS)
class UploadStackIT {

    private static final int THREADS = 5;
    private static final int QUEUE = 5;
    private static final int CAPACITY = THREADS + QUEUE;
    private static final int REPLICAS = 2;
    private static final Map<String, String> UPLOAD_EXECUTOR = Map.of("name", "uploadExecutor");
    private static final ObjectMapper JSON = new ObjectMapper();

    private Path work;
    private AzuriteProcess azurite;
    private UploadReplicas replicas;
    private PrometheusProcess prometheus;

    @BeforeAll
    void startStack() throws Exception {
        work = Path.of(
                        "target",
                        "upload-stack-it",
                        LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
                .toAbsolutePath();
        Files.createDirectories(work);
        Tools.require(ExternalTool.PROMETHEUS);
        Tools.require(ExternalTool.HAPROXY);
        try {
            azurite = AzuriteProcess.start(work.resolve("azurite"));
            replicas = UploadReplicas.start(
                    UploadServiceProcess.Settings.defaults()
                            .withContainer("load-test-it")
                            .withArgs(List.of(
                                    "--upload.executor.core-size=" + THREADS,
                                    "--upload.executor.max-size=" + THREADS,
                                    "--upload.executor.queue-capacity=" + QUEUE,
                                    // The stalled uploads that hold the capacity must outlast the time it takes to
                                    // stall all twenty and start Gatling on a busy machine (default 20 s).
                                    "--upload.body.grace=5m")),
                    UploadReplicas.Layout.balanced(REPLICAS),
                    azurite,
                    work);
            prometheus = PrometheusProcess.start(
                    work.resolve("prometheus"), replicas.scrapeTargets(), replicas.balancerMetricsTarget(), 1);
        } catch (Exception | Error e) {
            stopStack();
            throw e;
        }
    }

    @AfterAll
    void stopStack() {
        // Reverse order of start; each close waits for its processes to end.
        if (prometheus != null) {
            prometheus.close();
        }
        if (replicas != null) {
            replicas.close();
        }
        if (azurite != null) {
            azurite.close();
        }
    }

    @Test
    @Order(0)
    void eachReplicaServesHealthAndInfoOnItsManagementPortOnly() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (UploadServiceProcess replica : replicas.replicas()) {
            assertThat(replica.info().strategies()).contains("on-demand", "buffer-4k", "temp-file");
            assertThat(replica.info().defaultStrategy()).isEqualTo("temp-file");
            HttpResponse<Void> publicHealth = http.send(
                    HttpRequest.newBuilder(replica.baseUrl().resolve("/actuator/health"))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            assertThat(publicHealth.statusCode())
                    .as("health on the public port")
                    .isEqualTo(404);
        }
        assertThat(replicas.balancer().orElseThrow().servers())
                .extracting(HaproxyProcess.ServerState::name, HaproxyProcess.ServerState::status)
                .containsExactly(tuple("replica-1", "UP"), tuple("replica-2", "UP"));
    }

    @Test
    @Order(1)
    void aBurstFromDistinctClientsThroughHaproxyIsAllAcceptedOnBothReplicas() throws Exception {
        int users = REPLICAS * CAPACITY;
        Path outcomes = work.resolve("outcomes-within-capacity.json");
        GatlingRun.Result run = GatlingRun.run(
                work.resolve("gatling"),
                Map.of(
                        "baseUrl", replicas.baseUrl().toString(),
                        "managementUrl", replicas.replica(1).managementUrl().toString(),
                        "strategy", "on-demand",
                        "fileSizeMb", "1",
                        "users", Integer.toString(users),
                        "capacity", Integer.toString(users),
                        "mode", "raw",
                        "outcomesFile", outcomes.toString()),
                Duration.ofSeconds(150),
                false);

        assertThat(run.exitCode())
                .as("Gatling exit code; log %s:%n%s", run.log(), run.output())
                .isZero();
        JsonNode tally = JSON.readTree(outcomes.toFile());
        assertThat(tally.path("accepted").asInt()).as(tally.toString()).isEqualTo(users);
        assertThat(tally.path("refused").asInt() + tally.path("failed").asInt())
                .as(tally.toString())
                .isZero();
        for (UploadServiceProcess replica : replicas.replicas()) {
            assertThat(replica.metrics().sum("iolab_upload_seconds_count", Map.of("outcome", "success")))
                    .as("uploads stored by %s", replica.baseUrl())
                    .isPositive();
        }
        assertThat(clientAddressesInHaproxyLog())
                .as("each user a client address of its own")
                .hasSize(users)
                .allMatch(a -> a.startsWith("127.0.") && !a.equals("127.0.0.1"));
    }

    @Test
    @Order(2)
    void aBurstAgainstFullReplicasIsRefusedWith503ThroughHaproxyNotResets() throws Exception {
        Path outcomes = work.resolve("outcomes-capacity-held.json");
        List<HeldUploads> held = new ArrayList<>();
        try {
            for (UploadServiceProcess replica : replicas.replicas()) {
                HeldUploads uploads = HeldUploads.to(replica.port(), "buffer-4k");
                held.add(uploads);
                for (int i = 1; i <= CAPACITY; i++) {
                    uploads.add();
                    awaitExecutor(replica, Math.min(i, THREADS), Math.max(0, i - THREADS));
                }
            }
            GatlingRun.Result run = GatlingRun.run(
                    work.resolve("gatling"),
                    Map.of(
                            "baseUrl", replicas.baseUrl().toString(),
                            "managementUrl", replicas.replica(1).managementUrl().toString(),
                            "strategy", "buffer-4k",
                            "fileSizeMb", "1",
                            "users", "5",
                            // Below the number of users, so that the simulation accepts 503 answers and counts them as
                            // refused.
                            "capacity", "1",
                            "mode", "multipart",
                            "outcomesFile", outcomes.toString()),
                    Duration.ofSeconds(150),
                    false);

            assertThat(run.exitCode())
                    .as("Gatling exit code; log %s:%n%s", run.log(), run.output())
                    .isZero();
        } finally {
            held.forEach(HeldUploads::close);
        }
        JsonNode tally = JSON.readTree(outcomes.toFile());
        assertThat(tally.path("refused").asInt()).as(tally.toString()).isEqualTo(5);
        assertThat(tally.path("failed").asInt()).as(tally.toString()).isZero();
    }

    @Test
    @Order(3)
    void everyDashboardQueryReturnsDataFromPrometheus() throws Exception {
        // A few small uploads into a 512 MB heap may not fill the young generation, and the GC-pause series exist only
        // after a collection: force one in each replica.
        for (UploadServiceProcess replica : replicas.replicas()) {
            try (HeapProbe probe = HeapProbe.attach(replica.pid())) {
                probe.liveHeapBytes();
            }
        }
        List<GrafanaDashboard.Query> queries =
                GrafanaDashboard.read(RepoFiles.dashboard()).queries();
        // rate() and increase() need two scrapes after the bursts: wait until every query has data.
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> assertThat(queriesWithoutData(queries))
                        .as(
                                "dashboard queries without data (of %d); scrape targets:%n%s",
                                queries.size(), prometheus.targetHealth())
                        .isEmpty());
        JsonNode perReplica =
                prometheus.query("sum by (replica) (iolab_upload_seconds_count{application=\"upload-service\"})");
        assertThat(perReplica).as("a series per replica").hasSize(REPLICAS);
    }

    /** Waits until the replica's upload executor reports the given active threads and queued tasks. */
    private static void awaitExecutor(UploadServiceProcess replica, int active, int queued) {
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(20))
                .untilAsserted(() -> {
                    PrometheusText m = replica.metrics();
                    assertThat(new double[] {
                                m.first("executor_active_threads", UPLOAD_EXECUTOR)
                                        .orElse(Double.NaN),
                                m.first("executor_queued_tasks", UPLOAD_EXECUTOR)
                                        .orElse(Double.NaN)
                            })
                            .as("upload executor of %s: active, queued", replica.baseUrl())
                            .containsExactly(active, queued);
                });
    }

    /** Client addresses of the upload requests in HAProxy's access log ({@code 127.0.1.7:41234 [date] uploads ...}). */
    private Set<String> clientAddressesInHaproxyLog() throws Exception {
        Pattern line = Pattern.compile("^(\\d+\\.\\d+\\.\\d+\\.\\d+):\\d+ \\[[^]]+] uploads ");
        return Files.readAllLines(replicas.balancer().orElseThrow().process().log()).stream()
                .map(line::matcher)
                .filter(Matcher::find)
                .map(m -> m.group(1))
                .collect(Collectors.toSet());
    }

    private List<String> queriesWithoutData(List<GrafanaDashboard.Query> queries) throws Exception {
        List<String> empty = new ArrayList<>();
        for (GrafanaDashboard.Query query : queries) {
            String promql = query.resolved(GrafanaDashboard.API_VARIABLES);
            if (prometheus.query(promql).isEmpty()) {
                empty.add(query.panel() + " [" + query.refId() + "]: " + promql);
            }
        }
        return empty;
    }
}
