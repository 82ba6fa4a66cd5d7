package dev.iolab.upload.transfer.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.RawHttp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each strategy's declared memory cost held against what an upload in flight really holds: the service in a JVM of
 * its own ({@code -Xmx256m}); per strategy, {@value #UPLOADS} uploads of an {@value #DECLARED}-byte body stop
 * mid-body after {@value #SENT} bytes and stay open (the test's raw sockets send no more), the service has consumed
 * what they sent, and its live heap — after full collections, minus the same JVM's live heap with no upload open —
 * divided by the number of uploads is what one upload holds. Both readings are made robust to what is not the
 * uploads': the live heap held is the lower of two readings (an object that lives across one reading alone is not
 * held by them), and the heap with no upload open is the higher of a reading before the uploads and one after they
 * were stored (what the JVM keeps for good meanwhile, a cache it fills, a G1 region that a humongous object
 * occupies whole, is not theirs either). The budget the service reserved for them, read from its
 * gauge, must cover that ({@code measured <= declared}: the budget does not admit what does not fit) and must not be
 * much more than that plus what a store slower than the client can queue on top ({@link MemoryCosts#PUSH_WINDOW}, which
 * this scenario does not fill: the store here is faster than the stalled clients): the budget does not refuse what
 * fits. The figures are logged; {@link MemoryCosts} says where they are used.
 */
@ExtendWith(Azurite.class)
class MemoryCostForkedJvmTest {

    private static final Logger log = LoggerFactory.getLogger(MemoryCostForkedJvmTest.class);

    static final int UPLOADS = 8;
    static final int DECLARED = 8 * 1024 * 1024;
    static final int SENT = 3 * 1024 * 1024;

    @TempDir
    static Path work;

    static Process service;
    static int port;
    static int managementPort;
    static final HttpClient http = HttpClient.newHttpClient();

    static Stream<Arguments> strategies() {
        return Stream.of(
                Arguments.of("in-memory", false),
                Arguments.of("on-demand", false),
                Arguments.of("buffer-4k", false),
                Arguments.of("buffer-4m", false),
                Arguments.of("buffer-8m", false),
                Arguments.of("temp-file", false),
                Arguments.of("on-demand", true),
                Arguments.of("buffer-4k", true));
    }

    @BeforeAll
    static void startService() throws Exception {
        port = Azurite.freePort();
        managementPort = Azurite.freePort();
        Path logFile = work.resolve("service.log");
        ProcessBuilder builder = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElseThrow(),
                        "-Xmx256m",
                        "-XX:+UseG1GC",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.iolab.upload.UploadServiceApplication",
                        "--server.port=" + port,
                        "--management.server.port=" + managementPort,
                        // Eight uploads in flight from one address: the per-client share is not what this measures.
                        "--upload.client-share.uploads=1",
                        "--upload.container=costs",
                        "--upload.max-size=64MB",
                        "--upload.temp-dir=" + work.resolve("spool"),
                        "--iolab.test.heap-endpoint=true",
                        "--logging.level.root=WARN")
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile());
        builder.environment()
                .put("AZURE_STORAGE_CONNECTION_STRING", Azurite.get().connectionString());
        service = builder.start();
        await().atMost(90, TimeUnit.SECONDS)
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .until(() -> !service.isAlive()
                        || get(managementPort, "/actuator/health").statusCode() == 200);
        assertThat(service.isAlive())
                .as("service started, log:\n%s", Files.readString(logFile))
                .isTrue();
    }

    @AfterAll
    static void stopService() throws Exception {
        if (service != null) {
            service.destroy();
            if (!service.waitFor(30, TimeUnit.SECONDS)) {
                service.destroyForcibly();
            }
        }
    }

    @ParameterizedTest(name = "{0} chunked={1}")
    @MethodSource("strategies")
    void anUploadInFlightHoldsNoMoreThanItsStrategyDeclaresAndNotMuchLess(String strategy, boolean chunked)
            throws Exception {
        // Once unmeasured, so that what the first uploads of a kind leave behind for good (pools, caches) is in the
        // baseline, not in the figure.
        hold(strategy, chunked, false);
        hold(strategy, chunked, true);
    }

    private void hold(String strategy, boolean chunked, boolean measure) throws Exception {
        awaitIdle();
        long baseline = liveHeap();
        byte[] body = Payloads.randomBytes(DECLARED, 17);
        List<RawHttp> clients = new ArrayList<>();
        try {
            for (int i = 0; i < UPLOADS; i++) {
                RawHttp client = new RawHttp(port);
                clients.add(client);
                String path = "/uploads/costs/" + strategy + "-" + chunked + "-" + i + "?strategy=" + strategy;
                if (chunked) {
                    client.head("PUT " + path + " HTTP/1.1", "Transfer-Encoding: chunked")
                            .body(chunk(body, 0, SENT));
                } else {
                    client.head("PUT " + path + " HTTP/1.1", "Content-Length: " + DECLARED)
                            .body(java.util.Arrays.copyOf(body, SENT));
                }
            }
            // Held: every upload has consumed what its client sent, and waits for the rest.
            await().atMost(2, TimeUnit.MINUTES)
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> gauge("iolab_upload_inflight_received_bytes") == (double) UPLOADS * SENT);
            if (!measure) {
                release(clients, body, chunked);
                return;
            }
            long held = Math.min(liveHeap(), liveHeap());
            long declared = (long) gauge("iolab_upload_memory_budget_used_bytes") / UPLOADS;
            release(clients, body, chunked);
            awaitIdle();
            judge(strategy, chunked, held, baseline, liveHeap(), declared);
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
        }
    }

    /**
     * Holds one upload's live heap (from the heap held and the heap idle before and after the uploads, in bytes)
     * against the budget it reserved ({@code declared}, bytes per upload).
     */
    private static void judge(String strategy, boolean chunked, long held, long before, long after, long declared) {
        long measured = (held - Math.max(before, after)) / UPLOADS;
        long window =
                strategy.equals("in-memory") || strategy.equals("temp-file") || chunked ? 0 : MemoryCosts.PUSH_WINDOW;
        log.info(
                "Memory cost of {} (chunked={}): measured {} B live per upload mid-body ({} uploads, {} B of {}"
                        + " received each; live heap {} B held, {} B idle before, {} B idle after the uploads),"
                        + " declared {} B (of which {} B for a store slower than the client)",
                strategy,
                chunked,
                measured,
                UPLOADS,
                SENT,
                chunked ? "?" : DECLARED,
                held,
                before,
                after,
                declared,
                window);
        assertThat(measured)
                .as("%s holds no more than it reserved (declared %d B)", strategy, declared)
                .isLessThanOrEqualTo(declared);
        assertThat(declared - window)
                .as("%s reserves not much more than it holds (measured %d B)", strategy, measured)
                .isLessThanOrEqualTo(Math.max(measured + measured / 4, measured + 96 * 1024));
    }

    private static void awaitIdle() {
        await().atMost(1, TimeUnit.MINUTES)
                .until(() -> gauge("iolab_upload_inflight_uploads") == 0
                        && gauge("iolab_upload_memory_budget_used_bytes") == 0);
    }

    /** Sends the rest of every body: each upload is stored. */
    private static void release(List<RawHttp> clients, byte[] body, boolean chunked) throws Exception {
        for (RawHttp client : clients) {
            client.body(chunked ? finalChunks(body, SENT) : java.util.Arrays.copyOfRange(body, SENT, DECLARED));
        }
        for (RawHttp client : clients) {
            RawHttp.Response response = client.response(true);
            assertThat(response.status()).as(response.body()).isEqualTo(201);
        }
    }

    private static byte[] chunk(byte[] body, int from, int to) {
        byte[] head = (Integer.toHexString(to - from) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + (to - from) + 2];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(body, from, out, head.length, to - from);
        out[out.length - 2] = '\r';
        out[out.length - 1] = '\n';
        return out;
    }

    private static byte[] finalChunks(byte[] body, int from) {
        byte[] rest = chunk(body, from, body.length);
        byte[] end = "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] out = java.util.Arrays.copyOf(rest, rest.length + end.length);
        System.arraycopy(end, 0, out, rest.length, end.length);
        return out;
    }

    private static long liveHeap() throws Exception {
        return Long.parseLong(get("/test/heap/live").body().strip());
    }

    private static double gauge(String name) throws Exception {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{[^}]*} (\\S+)$")
                .matcher(get(managementPort, "/actuator/prometheus").body());
        assertThat(m.find()).as(name).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return get(port, path);
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
