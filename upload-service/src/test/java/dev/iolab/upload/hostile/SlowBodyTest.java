package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A body slower than the minimum rate, or one a client announced with {@code Expect:
 * 100-continue} and never sends, is answered 408 and frees its upload thread, so a normal upload behind such clients is
 * served. Two upload threads and a queue of two, all of which one client may take (the per-client share is another
 * test's); a body must keep up 1 KB/s after 2 s; Tomcat's own read timeout is 2 minutes, so only the rate can end these
 * bodies before the clients' patience (a minute) does.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.container=slowbody",
            "upload.executor.max-size=2",
            "upload.executor.queue-capacity=2",
            "upload.client-share.uploads=1",
            "upload.body.min-rate=1KB",
            "upload.body.grace=2s",
            "upload.body.queued-grace=1s",
            "server.tomcat.connection-timeout=120s"
        })
@ExtendWith(Azurite.class)
class SlowBodyTest {

    @LocalServerPort
    int port;

    @Autowired
    BlobContainerClient container;

    @Autowired
    MeterRegistry registry;

    private final ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
        registry.add(
                "upload.temp-dir",
                () -> Path.of("target", "upload-spool-slowbody")
                        .toAbsolutePath()
                        .toString());
    }

    @AfterEach
    void stopClients() {
        clients.shutdownNow();
        http.close();
    }

    @Test
    void answers408ToTrickledBodiesAndServesANormalUploadBehindThem() throws Exception {
        List<CompletableFuture<RawHttp.Response>> trickles = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            trickles.add(trickle("slow/trickle-" + i));
        }
        await().atMost(30, TimeUnit.SECONDS).until(() -> uploadThreadsBusy() == 2);

        HttpResponse<String> normal = upload("slow/normal", new byte[100_000]);

        assertThat(normal.statusCode()).as(normal.body()).isEqualTo(201);
        assertCutOff(trickles);
        assertThat(container.getBlobClient("slow/trickle-0").exists()).isFalse();
        assertThat(container.getBlobClient("slow/normal").exists()).isTrue();
    }

    @Test
    void answers408ToExpectContinueClientsThatNeverSendTheirBody() throws Exception {
        List<CompletableFuture<RawHttp.Response>> silent = new ArrayList<>();
        for (int i = 0; i < 4; i++) { // every thread and every queue slot
            String name = "slow/silent-" + i;
            silent.add(CompletableFuture.supplyAsync(
                    () -> {
                        try (RawHttp client = new RawHttp(port)) {
                            return client.head(
                                            "PUT /uploads/" + name + "?strategy=buffer-4k HTTP/1.1",
                                            "Content-Length: 1000",
                                            "Expect: 100-continue")
                                    .response(true);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    clients));
            // One at a time: idle pool threads take queued work a moment after it is queued, so a burst of exactly
            // threads + queue can find the queue still full and be refused; that is admission's business, not ours.
            int admitted = i + 1;
            await().atMost(30, TimeUnit.SECONDS).until(() -> uploadThreadsBusy() + uploadsQueued() == admitted);
        }
        assertCutOff(silent);
        assertThat(upload("slow/after-silent", new byte[1000]).statusCode()).isEqualTo(201);
    }

    @Test
    void storesABodyThatArrivesSlowlyButAboveTheRate() throws Exception {
        try (RawHttp client = new RawHttp(port)) {
            client.head("PUT /uploads/slow/steady?strategy=buffer-4k HTTP/1.1", "Content-Length: 12000");
            for (int piece = 0; piece < 24; piece++) { // 500 bytes every 250 ms: 2 KB/s for 6 s
                client.body(new byte[500]);
                TimeUnit.MILLISECONDS.sleep(250); // the client's pace: the behaviour under test, not a wait
            }
            RawHttp.Response stored = client.response(true);
            assertThat(stored.status()).as(stored.body()).isEqualTo(201);
        }
    }

    /**
     * Each client was cut off: answered 408, or now and then left without the answer (closed, or silent until the
     * client's minute of patience ran out; see docs/upload-service.md, "Request bodies"), and at least one answered.
     */
    private static void assertCutOff(List<CompletableFuture<RawHttp.Response>> clients) throws Exception {
        int answered = 0;
        for (CompletableFuture<RawHttp.Response> client : clients) {
            RawHttp.Response cut;
            try {
                cut = client.get(1, TimeUnit.MINUTES);
            } catch (ExecutionException e) {
                // closed without the answer, or left without one until the client gave up
                assertThat(e).rootCause().isInstanceOf(IOException.class);
                continue;
            }
            assertThat(cut.status()).as(cut.body()).isEqualTo(408);
            assertThat(cut.body()).contains(Problems.TYPE_PREFIX + "body-too-slow");
            answered++;
        }
        assertThat(answered).as("clients answered 408").isPositive();
    }

    /** A PUT of 1,000 bytes that sends one byte every 500 ms until the server answers. */
    private CompletableFuture<RawHttp.Response> trickle(String name) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try (RawHttp client = new RawHttp(port)) {
                        client.head("PUT /uploads/" + name + "?strategy=buffer-4k HTTP/1.1", "Content-Length: 1000");
                        CompletableFuture<RawHttp.Response> answer = CompletableFuture.supplyAsync(
                                () -> {
                                    try {
                                        return client.response(true);
                                    } catch (IOException e) {
                                        throw new IllegalStateException(e);
                                    }
                                },
                                clients);
                        for (int i = 0; i < 1000 && !answer.isDone(); i++) {
                            try {
                                client.body(new byte[1]);
                            } catch (IOException closed) {
                                break;
                            }
                            TimeUnit.MILLISECONDS.sleep(500); // the attack's pace, not a wait for the server
                        }
                        return answer.get(1, TimeUnit.MINUTES);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                },
                clients);
    }

    private HttpResponse<String> upload(String name, byte[] body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + port + "/uploads/" + name + "?strategy=buffer-4k"))
                        .timeout(Duration.ofMinutes(1))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private double uploadThreadsBusy() {
        return registry.get("executor.active")
                .tag("name", "uploadExecutor")
                .gauge()
                .value();
    }

    private double uploadsQueued() {
        return registry.get("executor.queued")
                .tag("name", "uploadExecutor")
                .gauge()
                .value();
    }
}
