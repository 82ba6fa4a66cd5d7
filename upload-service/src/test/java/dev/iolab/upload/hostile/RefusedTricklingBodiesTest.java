package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Requests refused before their body is read (401 here: no API key), whose clients keep trickling the body. Tomcat
 * read such a body to its end after the answer, whatever its size and however slowly it came, one container thread
 * each: about 210 connections from one address held every thread. Now a refused body is read at most
 * {@code linger-time} (3 s here), on at most {@code max-lingering-per-client} (4) connections of one client; the rest
 * are closed right after their answer. The container has 20 threads here, so 40 such connections would hold all of
 * them; a normal client beside them is served in its normal time.
 */
@TestPropertySource(
        properties = {
            "upload.container=refused",
            "upload.temp-dir=target/upload-spool-refused",
            "upload.api-key=" + RefusedTricklingBodiesTest.KEY,
            "server.tomcat.threads.max=20",
            "upload.connections.linger-time=3s",
            "upload.connections.max-lingering-per-client=4"
        })
class RefusedTricklingBodiesTest extends RunningServiceSupport {

    static final String KEY = "refused-key";
    private static final int REFUSED = 40;

    private final ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void stopClients() {
        clients.shutdownNow();
    }

    @Test
    void refusedClientsThatKeepSendingLingerOnlyOnTheirShareOfConnectionsAndOnlyForTheLingerTime() throws Exception {
        InetAddress attacker = LoopbackClients.address(105);
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<Duration>> closed = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < REFUSED; i++) {
                RawHttp client = new RawHttp(attacker, port);
                connections.add(client);
                client.head("PUT /uploads/refused/" + i + "?strategy=temp-file HTTP/1.1", "Content-Length: 10000000");
                closed.add(refusedWhileTrickling(client, start));
            }

            long normalStart = System.nanoTime();
            HttpResponse<String> normal = http.send(
                    HttpRequest.newBuilder(uri("/uploads/refused/normal?strategy=temp-file"))
                            .header("Authorization", "Bearer " + KEY)
                            .timeout(Duration.ofMinutes(1))
                            .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[100_000]))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(normal.statusCode()).as(normal.body()).isEqualTo(201);
            assertThat(Duration.ofNanos(System.nanoTime() - normalStart)).isLessThan(ClientShareSupport.NORMAL_TIME);

            await().atMost(1, TimeUnit.MINUTES).until(() -> closed.stream().allMatch(CompletableFuture::isDone));
            assertThat(closed)
                    .as("every refused connection was closed within its linger time (3 s) and the sweep's slack")
                    .allSatisfy(done -> assertThat(done.join()).isLessThan(Duration.ofSeconds(10)));
        } finally {
            for (RawHttp client : connections) {
                client.close();
            }
        }
        HttpResponse<String> metrics = http.send(
                HttpRequest.newBuilder(managementUri("/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(metrics.body())
                .containsPattern("iolab_connections_refused_connections_total\\{[^}]*"
                        + "reason=\"linger-share\"[^}]*} (3[0-9]|40)\\.0");
    }

    /**
     * Reads the client's answer and waits for the server to hang up, while the client sends 10 bytes every 200 ms; how
     * long after {@code start} the server hung up.
     */
    private CompletableFuture<Duration> refusedWhileTrickling(RawHttp client, long start) {
        CompletableFuture<Duration> closed = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        assertThat(client.response(true).status()).isEqualTo(401);
                    } catch (IOException reset) {
                        // closed right after its answer, which the reset overtook: over its share of lingering
                    }
                    assertThat(client.awaitClosedByServer())
                            .as("closed by the server")
                            .isTrue();
                    return Duration.ofNanos(System.nanoTime() - start);
                },
                clients);
        clients.submit(() -> {
            try {
                while (!closed.isDone()) {
                    client.body(new byte[10]);
                    TimeUnit.MILLISECONDS.sleep(200); // the attack's pace, not a wait for the server
                }
            } catch (IOException | InterruptedException hungUp) {
                // the server closed the connection
            }
        });
        return closed;
    }
}
