package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * No number of connections kills the JVM, starves other clients or fails a liveness probe. The service runs in its own
 * JVM with a 96 MB heap, at most 300 connections, 100 per client address and 15 s for a request head; Tomcat's own
 * idle timeout is 2 minutes, so only the head deadline can end a head that keeps trickling. Each connection with a
 * half-sent head parks ~55 KB of heap, so the 1,500-connection flood below is more than the heap without the
 * connection cap; a flood from one address holds every connection without the per-address limit; a trickled head
 * holds its connection for good without the head deadline.
 */
@ExtendWith(Azurite.class)
class ConnectionFloodTest {

    @TempDir
    static Path work;

    static ServiceProcess service;

    @BeforeAll
    static void start() throws IOException {
        service = ServiceProcess.start(
                work,
                "96m",
                "--upload.container=flood",
                "--server.tomcat.max-connections=300",
                "--server.tomcat.connection-timeout=120s",
                "--upload.connections.max-per-address=100",
                "--upload.connections.header-timeout=15s");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void refusesAFloodFromOneAddressBeyondItsShareWhileAnotherAddressIsServed() throws Exception {
        try (HeadFlood flood = HeadFlood.open(service.port(), 500, List.of("127.0.0.1"))) {
            await().atMost(1, TimeUnit.MINUTES)
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> {
                        flood.poll();
                        return flood.closedByServer() >= 400;
                    });
            assertThat(flood.open()).as("connections the one address holds").isEqualTo(100);

            HttpResponse<String> other = service.getFrom("127.0.0.2", "/uploads/flood/none", Duration.ofSeconds(10));

            assertThat(other.statusCode()).as("answered: no such upload").isEqualTo(404);
            flood.poll();
            assertThat(flood.open())
                    .as("the other address was served while the flood still held its share")
                    .isEqualTo(100);
            assertThat(service.metric("iolab_connections_refused_connections_total", "reason=\"per-address-limit\""))
                    .isGreaterThanOrEqualTo(400);
        }
        // The server learns of the flood's closed connections as it reads them: until then it still counts them.
        await().atMost(30, TimeUnit.SECONDS)
                .ignoreExceptions()
                .untilAsserted(
                        () -> assertThat(service.get("/uploads/flood/none").statusCode())
                                .as("the flooding address is served again once its connections are gone")
                                .isEqualTo(404));
    }

    @Test
    void closesConnectionsWhoseHeadTricklesPastTheDeadline() throws Exception {
        List<CompletableFuture<Boolean>> trickles;
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            trickles = IntStream.range(0, 5)
                    .mapToObj(i -> CompletableFuture.supplyAsync(ConnectionFloodTest::trickleHeadUntilClosed, clients))
                    .toList();
            // Tomcat itself would end such a head only at its 100th header line (100 s) or its idle timeout (2 min).
            await().atMost(45, TimeUnit.SECONDS).until(() -> trickles.stream().allMatch(CompletableFuture::isDone));
        }

        assertThat(trickles)
                .as("each head, one header line a second, was closed by the server")
                .allSatisfy(closed -> assertThat(closed.join()).isTrue());
        assertThat(service.metric("iolab_connections_refused_connections_total", "reason=\"header-timeout\""))
                .isGreaterThanOrEqualTo(5);
    }

    @Test
    void survivesAFloodFromManyAddressesLargerThanItsHeapAndServesAfterIt() throws Exception {
        List<String> addresses =
                IntStream.range(10, 25).mapToObj(i -> "127.0.0." + i).toList();
        try (HeadFlood flood = HeadFlood.open(service.port(), 1500, addresses)) {
            // The connections the server accepts hold their heads until the deadline closes them; by then each of the
            // 300 has parked its processor, and more are accepted as those are closed.
            await().atMost(2, TimeUnit.MINUTES)
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> {
                        flood.poll();
                        return !service.alive() || flood.closedByServer() >= 300;
                    });
            assertThat(service.alive())
                    .as("service alive, log:\n%s", service.log())
                    .isTrue();
            // Every connection of the public connector is held and more wait in its backlog; health is on a port of
            // its own, so a liveness probe does not wait behind them (on the public port it waited 5-15 s here).
            for (int probe = 0; probe < 5; probe++) {
                long start = System.nanoTime();
                assertThat(service.health().statusCode()).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("health on the management port during the flood")
                        .isLessThan(Duration.ofSeconds(2));
            }
        }
        await().atMost(1, TimeUnit.MINUTES)
                .ignoreExceptions()
                .untilAsserted(
                        () -> assertThat(service.get("/uploads/flood/none").statusCode())
                                .isEqualTo(404));
        assertThat(service.log()).doesNotContain("OutOfMemoryError");
    }

    /** One connection sending a header line a second; true when the server closed it. */
    private static boolean trickleHeadUntilClosed() {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress("127.0.0.3", 0));
            socket.connect(new InetSocketAddress("127.0.0.1", service.port()), 10_000);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write("GET /uploads/flood/none HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            for (int line = 0; System.nanoTime() < giveUp; line++) {
                out.write(("X-Line-" + line + ": a\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                try {
                    if (in.read() < 0) {
                        return true;
                    }
                } catch (java.net.SocketTimeoutException stillOpen) {
                    // the server said nothing for a second: send the next line
                }
            }
            return false;
        } catch (IOException reset) {
            return true;
        }
    }
}
