package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.RunningServiceSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * A slot is free before its answer is sent. Clients that send their next upload the moment they have read the answer
 * to the last one never find more uploads in flight than there are clients, so with as many slots as clients none is
 * ever refused. Before, a few were refused 503 queue-full: the 201 went out while its worker thread still counted as
 * busy. Two threads and two waiting places; four clients, each at most one upload in flight.
 */
@TestPropertySource(
        properties = {
            "upload.container=slots",
            "upload.temp-dir=target/upload-spool-slots",
            "upload.executor.max-size=2",
            "upload.executor.queue-capacity=2"
        })
class SlotReleaseTest extends RunningServiceSupport {

    private static final int CLIENTS = 4;
    private static final int UPLOADS_EACH = 40;

    @Test
    void backToBackUploadsFromAsManyClientsAsSlotsAreNeverRefused() throws Exception {
        double rejectedBefore = registry.get("executor.rejected")
                .tag("name", "uploadExecutor")
                .counter()
                .count();
        List<CompletableFuture<List<Integer>>> clients = new ArrayList<>();
        try (LoopbackClients addresses = LoopbackClients.open(CLIENTS);
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                clients.add(CompletableFuture.supplyAsync(
                        () -> {
                            List<Integer> statuses = new ArrayList<>();
                            for (int i = 0; i < UPLOADS_EACH; i++) {
                                try {
                                    statuses.add(addresses
                                            .get(client)
                                            .send(
                                                    HttpRequest.newBuilder(uri("/uploads/slots/" + client + "/" + i
                                                                    + "?strategy=on-demand"))
                                                            .timeout(Duration.ofMinutes(1))
                                                            .PUT(HttpRequest.BodyPublishers.ofByteArray(
                                                                    new byte[10_000]))
                                                            .build(),
                                                    HttpResponse.BodyHandlers.ofString())
                                            .statusCode());
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                            return statuses;
                        },
                        threads));
            }
            for (CompletableFuture<List<Integer>> client : clients) {
                assertThat(client.get()).as("one client's answers, in order").containsOnly(201);
            }
        }
        assertThat(registry.get("executor.rejected")
                        .tag("name", "uploadExecutor")
                        .counter()
                        .count())
                .isEqualTo(rejectedBefore);
    }
}
