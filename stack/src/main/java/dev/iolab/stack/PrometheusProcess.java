package dev.iolab.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real Prometheus (Debian's {@code prometheus} binary) on a free loopback port with a throw-away storage directory,
 * scraping the upload-service replicas (and HAProxy, when one is in front) with the repository's own configuration
 * ({@code ops/prometheus/prometheus.yml}): the committed file with short intervals, and target files of its own
 * ({@code targets/*.json}) listing the loopback management ports, each replica with its {@code replica} label.
 */
public final class PrometheusProcess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One scrape target.
     *
     * @param address {@code host:port}, e.g. a replica's management port
     * @param replica its {@code replica} label (1, 2, ...), or null for a target that is not a replica (HAProxy)
     */
    public record Target(String address, String replica) {}

    private final ManagedProcess process;
    private final URI base;

    private PrometheusProcess(ManagedProcess process, URI base) {
        this.process = process;
        this.base = base;
    }

    /**
     * Writes {@code prometheus.yml} into {@code dir} — the committed configuration with intervals of
     * {@code intervalSeconds} — and the target files it reads: {@code targets/upload-service.json} with
     * {@code replicas}, {@code targets/haproxy.json} with {@code balancer} (none when null).
     */
    public static Path writeConfig(Path dir, List<Target> replicas, String balancer, int intervalSeconds)
            throws IOException {
        Path file = ConfigTemplate.read("ops/prometheus/prometheus.yml")
                .replaceOnce("scrape_interval: 5s", "scrape_interval: " + intervalSeconds + "s")
                .replaceOnce("evaluation_interval: 5s", "evaluation_interval: " + intervalSeconds + "s")
                .replaceOnce("scrape_timeout: 4s", "scrape_timeout: " + intervalSeconds + "s")
                .writeTo(dir.resolve("prometheus.yml"));
        List<Map<String, Object>> services = new ArrayList<>();
        for (Target t : replicas) {
            services.add(
                    t.replica() == null
                            ? Map.of("targets", List.of(t.address()))
                            : Map.of("targets", List.of(t.address()), "labels", Map.of("replica", t.replica())));
        }
        Files.createDirectories(dir.resolve("targets"));
        JSON.writerWithDefaultPrettyPrinter()
                .writeValue(dir.resolve("targets/upload-service.json").toFile(), services);
        JSON.writerWithDefaultPrettyPrinter()
                .writeValue(
                        dir.resolve("targets/haproxy.json").toFile(),
                        balancer == null ? List.of() : List.of(Map.of("targets", List.of(balancer))));
        return file;
    }

    /**
     * Starts Prometheus in {@code workDir} scraping {@code replicas} (and {@code balancer}'s metrics, when not null)
     * every {@code intervalSeconds}; ready when it says so ({@code /-/ready}).
     */
    public static PrometheusProcess start(Path workDir, List<Target> replicas, String balancer, int intervalSeconds)
            throws IOException, InterruptedException {
        Path binary = ExternalTool.PROMETHEUS.require();
        Path config = writeConfig(workDir, replicas, balancer, intervalSeconds);
        int port = LoopbackPorts.free();
        URI base = URI.create("http://127.0.0.1:" + port);
        ManagedProcess process = ManagedProcess.start(
                "prometheus",
                List.of(
                        binary.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + workDir.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--log.level=warn"),
                Map.of(),
                workDir,
                workDir.resolve("prometheus.log"));
        process.awaitReady(Duration.ofSeconds(60), ManagedProcess.httpOk(base.resolve("/-/ready")));
        return new PrometheusProcess(process, base);
    }

    /** {@code http://127.0.0.1:<port>}: Prometheus's web UI and API. */
    public URI baseUrl() {
        return base;
    }

    /** Runs an instant query and returns its {@code data.result} array; fails on an error answer. */
    public JsonNode query(String promql) throws IOException, InterruptedException {
        URI uri = base.resolve("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> response = LocalHttp.CLIENT.send(
                HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(response.body());
        if (response.statusCode() != 200
                || !"success".equals(body.path("status").asText())) {
            throw new IllegalStateException(
                    "Prometheus refused " + promql + ": " + response.statusCode() + " " + response.body());
        }
        return body.path("data").path("result");
    }

    /** Health of every scrape target, one per line: URL, "up", "down" or "unknown", the last error. */
    public String targetHealth() throws IOException, InterruptedException {
        String targets = LocalHttp.get(base.resolve("/api/v1/targets"), Duration.ofSeconds(10));
        StringBuilder out = new StringBuilder();
        for (JsonNode target : JSON.readTree(targets).path("data").path("activeTargets")) {
            out.append(target.path("scrapeUrl").asText())
                    .append(' ')
                    .append(target.path("health").asText())
                    .append(' ')
                    .append(target.path("lastError").asText())
                    .append('\n');
        }
        return out.toString();
    }

    public ManagedProcess process() {
        return process;
    }

    @Override
    public void close() {
        process.close();
    }
}
