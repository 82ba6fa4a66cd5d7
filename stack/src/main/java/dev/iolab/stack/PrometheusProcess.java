package dev.iolab.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A real Prometheus (Debian's {@code prometheus} binary) on a free loopback port with a throw-away storage directory,
 * scraping the upload-service with the repository's own scrape configuration ({@code ops/prometheus/prometheus.yml})
 * pointed at a loopback target and a short interval.
 */
public final class PrometheusProcess implements AutoCloseable {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ManagedProcess process;
    private final URI base;

    private PrometheusProcess(ManagedProcess process, URI base) {
        this.process = process;
        this.base = base;
    }

    /**
     * Writes {@code prometheus.yml} into {@code dir}: the committed configuration with the compose target
     * ({@code upload-service:8080}) replaced by {@code target} and intervals of {@code intervalSeconds}.
     */
    public static Path writeConfig(Path dir, String target, int intervalSeconds) throws IOException {
        String config =
                Files.readString(Repository.root().resolve("ops/prometheus/prometheus.yml"), StandardCharsets.UTF_8);
        String rewritten = replaceOnce(config, "\"upload-service:8080\"", "\"" + target + "\"");
        rewritten = replaceOnce(rewritten, "scrape_interval: 5s", "scrape_interval: " + intervalSeconds + "s");
        rewritten = replaceOnce(rewritten, "evaluation_interval: 5s", "evaluation_interval: " + intervalSeconds + "s");
        rewritten = replaceOnce(rewritten, "scrape_timeout: 4s", "scrape_timeout: " + intervalSeconds + "s");
        Path file = dir.resolve("prometheus.yml");
        Files.writeString(file, rewritten, StandardCharsets.UTF_8);
        return file;
    }

    public static PrometheusProcess start(Path workDir, String target, int intervalSeconds) throws Exception {
        Path binary = ExternalTool.PROMETHEUS.require();
        Path config = writeConfig(workDir, target, intervalSeconds);
        int port = ManagedProcess.freePort();
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
        try {
            process.awaitReady(Duration.ofSeconds(60), ManagedProcess.httpOk(base.resolve("/-/ready")));
        } catch (RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
        return new PrometheusProcess(process, base);
    }

    /** Runs an instant query and returns its {@code data.result} array; fails on an error answer. */
    public JsonNode query(String promql) throws IOException, InterruptedException {
        URI uri = base.resolve("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> response = HTTP.send(
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

    /** Health of the scrape target: "up", "down" or "unknown", with the last error. */
    public String targetHealth() throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(base.resolve("/api/v1/targets"))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        StringBuilder out = new StringBuilder();
        for (JsonNode target : JSON.readTree(response.body()).path("data").path("activeTargets")) {
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

    private static String replaceOnce(String text, String from, String to) {
        int at = text.indexOf(from);
        if (at < 0 || text.indexOf(from, at + 1) >= 0) {
            throw new IllegalStateException("ops/prometheus/prometheus.yml no longer contains exactly one '" + from
                    + "'; update PrometheusProcess.writeConfig with it");
        }
        return text.replace(from, to);
    }
}
