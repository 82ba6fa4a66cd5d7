package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.HeapProbe;
import dev.iolab.stack.PrometheusProcess;
import dev.iolab.stack.UploadServiceProcess;
import java.net.URI;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The observability path end to end on loopback, no Docker: a real Azurite, the real upload-service jar and a real
 * Prometheus scraping it with the repository's scrape config. Gatling bursts run the {@link UploadSimulation} against
 * the service (within capacity: all accepted; with capacity held: all refused by 503, none reset), then every query of
 * the Grafana dashboard must return data from Prometheus.
 *
 * <p>The service runs with a small executor (5 threads, queue 5: capacity 10) so that the bursts stay small.
 * Artifacts (logs, Prometheus data, Gatling logs) stay in {@code target/upload-stack-it/} for a failed run's autopsy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
@Timeout(value = 180, unit = java.util.concurrent.TimeUnit.SECONDS)
class UploadStackIT {

    private static final int THREADS = 5;
    private static final int QUEUE = 5;
    private static final int CAPACITY = THREADS + QUEUE;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Path work;
    private AzuriteProcess azurite;
    private UploadServiceProcess service;
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
        try {
            azurite = AzuriteProcess.start(work);
            service = UploadServiceProcess.start(
                    UploadServiceProcess.Settings.defaults()
                            .withContainer("load-test-it")
                            .withArgs(List.of(
                                    "--upload.executor.core-size=" + THREADS,
                                    "--upload.executor.max-size=" + THREADS,
                                    "--upload.executor.queue-capacity=" + QUEUE)),
                    azurite,
                    work);
            prometheus = PrometheusProcess.start(work, "127.0.0.1:" + service.port(), 1);
        } catch (Exception | Error e) {
            stopStack();
            throw e;
        }
    }

    @AfterAll
    void stopStack() {
        // Reverse order of start; each close waits for its process to end.
        if (prometheus != null) {
            prometheus.close();
        }
        if (service != null) {
            service.close();
        }
        if (azurite != null) {
            azurite.close();
        }
    }

    @Test
    @Order(0)
    void theServiceListsItsStrategiesAtActuatorInfo() throws Exception {
        assertThat(service.info().strategies()).contains("on-demand", "buffer-4k", "temp-file");
        assertThat(service.info().defaultStrategy()).isEqualTo("temp-file");
    }

    @Test
    @Order(1)
    void gatlingBurstWithinCapacityIsAllAcceptedAndPassesItsAssertions() throws Exception {
        Path outcomes = work.resolve("outcomes-within-capacity.json");
        GatlingRun.Result run = GatlingRun.run(
                work.resolve("gatling"),
                Map.of(
                        "baseUrl", service.baseUrl().toString(),
                        "strategy", "on-demand",
                        "fileSizeMb", "1",
                        "users", Integer.toString(CAPACITY),
                        "capacity", Integer.toString(CAPACITY),
                        "mode", "raw",
                        "outcomesFile", outcomes.toString()),
                Duration.ofSeconds(150),
                false);

        assertThat(run.exitCode())
                .as("Gatling exit code; log %s:%n%s", run.log(), run.output())
                .isZero();
        JsonNode tally = JSON.readTree(outcomes.toFile());
        assertThat(tally.path("accepted").asInt()).as(tally.toString()).isEqualTo(CAPACITY);
        assertThat(tally.path("refused").asInt() + tally.path("failed").asInt())
                .as(tally.toString())
                .isZero();
    }

    @Test
    @Order(2)
    void gatlingBurstAgainstAFullServiceIsRefusedWith503NotResets() throws Exception {
        Path outcomes = work.resolve("outcomes-capacity-held.json");
        try (HeldUploads held = HeldUploads.to(service.port(), "buffer-4k")) {
            for (int i = 1; i <= CAPACITY; i++) {
                held.add();
                awaitExecutor(Math.min(i, THREADS), Math.max(0, i - THREADS));
            }
            GatlingRun.Result run = GatlingRun.run(
                    work.resolve("gatling"),
                    Map.of(
                            "baseUrl", service.baseUrl().toString(),
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
        }
        JsonNode tally = JSON.readTree(outcomes.toFile());
        assertThat(tally.path("refused").asInt()).as(tally.toString()).isEqualTo(5);
        assertThat(tally.path("failed").asInt()).as(tally.toString()).isZero();
    }

    @Test
    @Order(3)
    void everyDashboardQueryReturnsDataFromPrometheus() throws Exception {
        // A few small uploads into a 512 MB heap may not fill the young generation, and the GC-pause series exist only
        // after a collection: force one.
        try (HeapProbe probe = HeapProbe.attach(service.pid())) {
            probe.liveHeapBytes();
        }
        List<GrafanaDashboard.Query> queries =
                GrafanaDashboard.read(RepoFiles.dashboard()).queries();
        // rate() and increase() need two scrapes after the bursts: wait until every query has data, or the deadline.
        List<String> empty = queriesWithoutData(queries);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!empty.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            empty = queriesWithoutData(queries);
        }
        assertThat(empty)
                .as(
                        "dashboard queries without data (of %d); scrape targets:%n%s",
                        queries.size(), prometheus.targetHealth())
                .isEmpty();
    }

    /** Waits until the upload executor reports the given active threads and queued tasks. */
    private void awaitExecutor(int active, int queued) throws Exception {
        URI metrics = service.baseUrl().resolve("/actuator/prometheus");
        Pattern activeLine =
                Pattern.compile("(?m)^executor_active_threads\\{[^}]*name=\"uploadExecutor\"[^}]*} (\\S+)");
        Pattern queuedLine = Pattern.compile("(?m)^executor_queued_tasks\\{[^}]*name=\"uploadExecutor\"[^}]*} (\\S+)");
        String last = "";
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            last = HTTP.send(HttpRequest.newBuilder(metrics).GET().build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            if (value(activeLine, last) == active && value(queuedLine, last) == queued) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("upload executor never reached active=" + active + " queued=" + queued + "; last: "
                + value(activeLine, last) + "/" + value(queuedLine, last));
    }

    private static double value(Pattern line, String metrics) {
        Matcher m = line.matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
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
