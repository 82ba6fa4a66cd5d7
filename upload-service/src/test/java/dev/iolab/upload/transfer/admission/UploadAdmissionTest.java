package dev.iolab.upload.transfer.admission;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.UploadServiceTestSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Admission on the bounded executor (25 threads, queue 100): of 200 simultaneous uploads from 200 clients whose work is
 * held, exactly 125 are accepted and 75 refused with 503 + Retry-After before their bodies are read.
 */
class UploadAdmissionTest extends UploadServiceTestSupport {

    @Test
    void rejectsUploadsBeyondThreadsAndQueueWith503BeforeReadingTheirBodies() throws Exception {
        double rejectedBefore = rejectedCount();
        byte[] body = randomBytes(64 * 1024, 7);
        gate().close();
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        try (LoopbackClients clients = LoopbackClients.open(200)) {
            for (int i = 0; i < 200; i++) {
                responses.add(clients.get(i)
                        .sendAsync(
                                authorized("/uploads/held/" + i + "?strategy=on-demand")
                                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString()));
            }
            // The server counts a refusal before its 503 reaches the client: wait for both sides. Held uploads
            // cannot complete while the gate is closed, so every finished response here is a refusal.
            await().atMost(2, TimeUnit.MINUTES).untilAsserted(() -> {
                assertThat(responses)
                        .as("requests failed on the client's side")
                        .noneMatch(CompletableFuture::isCompletedExceptionally);
                assertThat(rejectedCount() - rejectedBefore)
                        .as("refusals counted")
                        .isGreaterThanOrEqualTo(75);
                assertThat(executorGauge("executor.active"))
                        .as("uploads running")
                        .isEqualTo(25);
                assertThat(executorGauge("executor.queued"))
                        .as("uploads queued")
                        .isEqualTo(100);
                assertThat(responses.stream().filter(CompletableFuture::isDone).count())
                        .as("answers received")
                        .isGreaterThanOrEqualTo(75);
            });
            List<HttpResponse<String>> refused = responses.stream()
                    .filter(CompletableFuture::isDone)
                    .map(CompletableFuture::join)
                    .toList();
            assertThat(refused).hasSize(75).allSatisfy(response -> {
                assertProblem(response, 503, "queue-full");
                assertThat(response.headers().firstValue("Retry-After")).hasValue("5");
            });

            // Still full: a client that asks first (Expect: 100-continue) is refused without sending its body ...
            try (RawHttp client = new RawHttp(port)) {
                RawHttp.Response response = client.head(
                                "PUT /uploads/held/expect?strategy=on-demand HTTP/1.1",
                                "Authorization: Bearer " + API_KEY,
                                "Content-Length: 10485760",
                                "Expect: 100-continue")
                        .response(false);
                assertThat(response.status()).isEqualTo(503);
                assertThat(response.headers()).containsKey("retry-after");
                assertThat(response.body()).contains(Problems.TYPE_PREFIX + "queue-full");
            }
            // ... and one that sends 10 MB anyway still reads its 503, not a connection reset.
            try (RawHttp client = new RawHttp(port)) {
                client.head(
                                "PUT /uploads/held/blind?strategy=on-demand HTTP/1.1",
                                "Authorization: Bearer " + API_KEY,
                                "Content-Length: 10485760")
                        .body(new byte[10 * 1024 * 1024]);
                RawHttp.Response response = client.response(false);
                assertThat(response.status()).isEqualTo(503);
                assertThat(response.body()).contains(Problems.TYPE_PREFIX + "queue-full");
            }
            assertThat(rejectedCount() - rejectedBefore).isEqualTo(77);
            gate().open();
            CompletableFuture.allOf(responses.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        } finally {
            gate().open();
        }
        assertThat(responses.stream().map(CompletableFuture::join).filter(r -> r.statusCode() == 201))
                .hasSize(125);
        assertThat(blobExists("held/expect")).isFalse();
        assertThat(blobExists("held/blind")).isFalse();
    }

    @Test
    void exposesExecutorAndUploadMetricsForPrometheus() throws Exception {
        put("metrics/one.bin", "buffer-4m", randomBytes(1000, 1));
        HttpResponse<String> scrape = http.send(
                HttpRequest.newBuilder(managementUri("/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.body())
                .contains(
                        "executor_active_threads{application=\"upload-service\",name=\"uploadExecutor\"}",
                        "executor_queued_tasks{application=\"upload-service\",name=\"uploadExecutor\"}",
                        "executor_pool_size_threads{application=\"upload-service\",name=\"uploadExecutor\"}",
                        "executor_pool_max_threads{application=\"upload-service\",name=\"uploadExecutor\"} 25",
                        "executor_completed_tasks_total{application=\"upload-service\",name=\"uploadExecutor\"}",
                        "executor_rejected_tasks_total{application=\"upload-service\",name=\"uploadExecutor\"}",
                        "iolab_upload_seconds_bucket{application=\"upload-service\",outcome=\"success\",strategy=\"buffer-4m\"",
                        "iolab_upload_size_bytes_sum{application=\"upload-service\",outcome=\"success\",strategy=\"buffer-4m\"}",
                        "iolab_upload_memory_budget_used_bytes{application=\"upload-service\"}",
                        "iolab_upload_memory_budget_max_bytes{application=\"upload-service\"}",
                        "jvm_memory_used_bytes{application=\"upload-service\",area=\"heap\"",
                        "jvm_buffer_memory_used_bytes{application=\"upload-service\",id=\"direct\"}");
        // Health details (the store's state) are for the key holder only; a probe needs the status alone.
        HttpResponse<String> health = http.send(
                HttpRequest.newBuilder(managementUri("/actuator/health"))
                        .header("Authorization", "Bearer " + API_KEY)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(health.body()).contains("\"blobStorage\":{\"status\":\"UP\"");
        HttpResponse<String> env = http.send(
                HttpRequest.newBuilder(managementUri("/actuator/env")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(env.statusCode()).isEqualTo(404);
    }

    private double rejectedCount() {
        return registry.get("executor.rejected")
                .tag("name", "uploadExecutor")
                .counter()
                .count();
    }

    private double executorGauge(String name) {
        return registry.get(name).tag("name", "uploadExecutor").gauge().value();
    }
}
