package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's HAProxy with the repository's configuration in front of two stand-in replicas: what the configuration
 * promises — the real client's address in {@code X-Forwarded-For} (a client's own header dropped), bodies streamed to
 * the replica as they arrive, uploads spread over both replicas, a dead replica taken out within about 2 s and the
 * traffic carried on by the other, 256 connections per client address, a stats page behind a login — and that closing
 * it stops master and worker.
 */
@Timeout(120)
class HaproxyProcessTest {

    @TempDir
    Path dir;

    private final List<StubReplica> replicas = new ArrayList<>();
    private HaproxyProcess haproxy;

    @BeforeEach
    void start() throws Exception {
        RequiredTools.require(ExternalTool.HAPROXY);
        replicas.add(StubReplica.start("replica-1"));
        replicas.add(StubReplica.start("replica-2"));
        haproxy = HaproxyProcess.start(
                dir, 0, replicas.stream().map(StubReplica::backend).toList());
        haproxy.awaitAllUp(Duration.ofSeconds(20));
    }

    @AfterEach
    void stop() {
        if (haproxy != null) {
            haproxy.close();
        }
        replicas.forEach(StubReplica::close);
    }

    @Test
    void theReplicaSeesTheRealClientInXForwardedForAndNotTheClientsOwnHeader() throws Exception {
        InetAddress client = ClientAddresses.loopbackAddress(6); // 127.0.1.7

        String answer = put(client, "X-Forwarded-For: 203.0.113.9\r\n", 1024, null);

        assertThat(answer).startsWith("HTTP/1.1 201");
        StubReplica.Received received =
                replicas.stream().flatMap(r -> r.requests.stream()).findFirst().orElseThrow();
        assertThat(received.forwardedFor()).containsExactly("127.0.1.7");
        assertThat(received.remoteAddress()).isEqualTo("127.0.0.1");
        assertThat(received.bodyBytes()).isEqualTo(1024);
    }

    @Test
    void bodiesReachTheReplicaWhileTheClientIsStillSending() throws Exception {
        int half = 256 * 1024;

        // The client sends half its body and waits until a replica has read it: a buffering proxy would hold it back
        // until the whole body had arrived, and this test would time out.
        String answer = put(
                InetAddress.getLoopbackAddress(),
                "",
                2 * half,
                () -> await().atMost(Duration.ofSeconds(20))
                        .until(() -> replicas.stream()
                                        .mapToLong(r -> r.bodyBytes.get())
                                        .sum()
                                >= half));

        assertThat(answer).startsWith("HTTP/1.1 201");
    }

    @Test
    void uploadsGoToBothReplicasAndADeadReplicaIsTakenOutWithinTwoSeconds() throws Exception {
        for (int i = 0; i < 6; i++) {
            assertThat(put(ClientAddresses.loopbackAddress(i), "", 100, null)).startsWith("HTTP/1.1 201");
        }
        assertThat(replicas).allSatisfy(r -> assertThat(r.requests).as(r.name).isNotEmpty());

        long killed = System.nanoTime();
        replicas.get(1).close();
        await().atMost(Duration.ofSeconds(3))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> haproxy.servers().get(1).down());
        double seconds = (System.nanoTime() - killed) / 1e9;
        assertThat(seconds).as("time until HAProxy marked the replica DOWN").isLessThan(3);

        int before = replicas.getFirst().requests.size();
        for (int i = 0; i < 6; i++) {
            assertThat(put(ClientAddresses.loopbackAddress(i), "", 100, null)).startsWith("HTTP/1.1 201");
        }
        assertThat(replicas.getFirst().requests).hasSize(before + 6);
        assertThat(haproxy.servers())
                .extracting(HaproxyProcess.ServerState::name, HaproxyProcess.ServerState::up)
                .containsExactly(tuple("replica-1", true), tuple("replica-2", false));
    }

    @Test
    void theStatsPageAsksForALoginAndOnlyTheMetricsAnswerWithoutOne() throws Exception {
        HttpResponse<String> anonymous = get(haproxy.statsUrl(), null);
        HttpResponse<String> wrong = get(haproxy.statsUrl(), "stats:guess");
        HttpResponse<String> metrics = get(URI.create("http://" + haproxy.metricsTarget() + "/metrics"), null);

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(haproxy.servers()).hasSize(2); // with the run's password
    }

    @Test
    void limitsEachClientAddressToItsOwn256Connections() throws Exception {
        InetAddress greedy = ClientAddresses.loopbackAddress(20);
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 257; i++) {
                Socket socket = new Socket();
                socket.bind(new InetSocketAddress(greedy, 0));
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), haproxy.port()), 5000);
                held.add(socket);
            }
            // HAProxy accepts in batches, so the one it closes is not always the last to connect; one is closed.
            Set<Socket> closed = new HashSet<>();
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                for (Socket socket : held) {
                    if (!closed.contains(socket) && closedByHaproxy(socket)) {
                        closed.add(socket);
                    }
                }
                return !closed.isEmpty();
            });
            assertThat(closed).as("connections beyond the address's 256").hasSize(1);

            // Another IPv4 address is a client of its own (IPv6 ones count per /64; IPv4 ones must not be lumped).
            assertThat(put(ClientAddresses.loopbackAddress(21), "", 100, null)).startsWith("HTTP/1.1 201");
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
    }

    @Test
    void closeStopsMasterAndWorkerAndFreesThePort() throws Exception {
        List<ProcessHandle> processes =
                new ArrayList<>(haproxy.process().process().descendants().toList());
        processes.add(haproxy.process().process().toHandle());
        assertThat(processes).hasSizeGreaterThanOrEqualTo(2);
        int port = haproxy.port();

        haproxy.close();

        for (ProcessHandle p : processes) {
            p.onExit().get(30, TimeUnit.SECONDS);
        }
        assertThat(ManagedProcess.tcpOpen(port).getAsBoolean()).isFalse();
        assertThat(Files.readString(haproxy.process().log())).contains("Loading success");
    }

    private static boolean closedByHaproxy(Socket socket) throws IOException {
        socket.setSoTimeout(1);
        try {
            return socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static HttpResponse<String> get(URI uri, String login) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5));
        if (login != null) {
            request.header(
                    "Authorization",
                    "Basic " + Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8)));
        }
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /**
     * A PUT of {@code size} bytes from {@code client} through HAProxy on a raw socket, {@code extraHeaders} added;
     * {@code halfway} (when not null) runs after the first half of the body is sent. Returns the status line.
     */
    private String put(InetAddress client, String extraHeaders, int size, Runnable halfway) throws Exception {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(client, 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), haproxy.port()), 5000);
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("PUT /uploads/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: " + size
                            + "\r\n" + extraHeaders + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[size / 2]);
            out.flush();
            if (halfway != null) {
                halfway.run();
            }
            out.write(new byte[size - size / 2]);
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            return response.lines().findFirst().orElse("");
        }
    }
}
