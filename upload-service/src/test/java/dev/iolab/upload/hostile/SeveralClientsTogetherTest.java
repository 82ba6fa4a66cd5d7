package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * A few clients together, each within its share, used to hold everything: 5 addresses each trickling their 6 uploads at
 * 600 B/s held all 25 upload threads, and 4 addresses at 16 downloads each all 64 download slots, so a newcomer waited
 * until the trickles' longest duration or was refused 503. Scaled down here: 10 upload threads and 10 waiting places (a
 * client runs 2 and holds 5), 8 download slots (2 per client), uploads that may take a minute. The part of each
 * capacity kept for clients that hold none of it ({@code upload.client-share.reserved}, 2 of 10 threads and 2 of 8
 * download slots) lets the newcomer in at once. And while 8 of the 10 threads run, the uploads below 4 KB/s over the
 * last 2 s are cut, the slowest first.
 */
@TestPropertySource(
        properties = {
            "upload.container=together",
            "upload.temp-dir=target/upload-spool-together",
            "upload.executor.max-size=10",
            "upload.executor.queue-capacity=10",
            "upload.download.max-concurrent=8",
            "upload.body.max-duration=60s",
            "upload.shedding.window=2s",
            "upload.shedding.interval=250ms"
        })
class SeveralClientsTogetherTest extends ClientShareSupport {

    private static final int ATTACKERS = 5;
    private static final int UPLOADS_EACH = 3;
    private static final int DOWNLOADERS = 4;
    private static final int DOWNLOADS_EACH = 2;

    private final BlobContainerClient together = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("together");

    @Test
    void fiveAddressesTricklingTheirWholeShareLeaveANewcomersUploadItsNormalTime() throws Exception {
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> answers = new ArrayList<>();
        try {
            for (int a = 0; a < ATTACKERS; a++) {
                InetAddress address = LoopbackClients.address(110 + a);
                for (int i = 0; i < UPLOADS_EACH; i++) {
                    RawHttp client = new RawHttp(address, port);
                    connections.add(client);
                    client.head(
                            "PUT /uploads/together/" + a + "-" + i + "?strategy=temp-file HTTP/1.1",
                            "Content-Length: 1000000");
                    CompletableFuture<RawHttp.Response> answer = async(() -> client.response(true));
                    answers.add(answer);
                    async(() -> trickle(client, answer));
                }
            }
            await().atMost(1, TimeUnit.MINUTES)
                    .alias("every trickle admitted, each client running its share")
                    .until(() -> executor("executor.active") + executor("executor.queued") == ATTACKERS * UPLOADS_EACH);

            byte[] file = Payloads.randomBytes(1024 * 1024, 36);
            long start = System.nanoTime();
            HttpResponse<String> newcomer =
                    send(HttpRequest.newBuilder(uri("/uploads/together/newcomer?strategy=temp-file"))
                            .timeout(Duration.ofSeconds(30))
                            .PUT(HttpRequest.BodyPublishers.ofByteArray(file))
                            .build());
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(newcomer.statusCode()).as(newcomer.body()).isEqualTo(201);
            assertThat(took).as("the newcomer's upload time").isLessThan(NORMAL_TIME);
            assertThat(together.getBlobClient("together/newcomer")
                            .getProperties()
                            .getBlobSize())
                    .isEqualTo(file.length);
            assertThat(answers.stream().filter(CompletableFuture::isDone).count())
                    .as("the trickles went on meanwhile: " + statuses(answers))
                    .isLessThan(answers.size());
        } finally {
            for (RawHttp client : connections) {
                client.close();
            }
        }
    }

    @Test
    void fourAddressesHoldingTheirWholeShareOfDownloadsLeaveANewcomerASlot() throws Exception {
        together.getBlobClient("together/big")
                .upload(BinaryData.fromBytes(Payloads.randomBytes(16 * 1024 * 1024, 37)), true);
        byte[] small = Payloads.randomBytes(1024 * 1024, 38);
        together.getBlobClient("together/small").upload(BinaryData.fromBytes(small), true);
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> heads = new ArrayList<>();
        try {
            for (int a = 0; a < DOWNLOADERS; a++) {
                InetAddress address = LoopbackClients.address(120 + a);
                for (int i = 0; i < DOWNLOADS_EACH; i++) {
                    RawHttp client = new RawHttp(address, port);
                    connections.add(client);
                    client.head("GET /uploads/together/big HTTP/1.1");
                    heads.add(async(client::responseHead));
                }
            }
            await().atMost(1, TimeUnit.MINUTES)
                    .alias("every download answered: streaming, never read, or refused over its share")
                    .until(() -> answered(heads, 200) + answered(heads, 429) == DOWNLOADERS * DOWNLOADS_EACH);
            assertThat(answered(heads, 200)).as(statuses(heads)).isGreaterThanOrEqualTo(6);

            long start = System.nanoTime();
            HttpResponse<byte[]> newcomer = http.send(
                    HttpRequest.newBuilder(uri("/uploads/together/small"))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(newcomer.statusCode())
                    .as(new String(newcomer.body(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo(200);
            assertThat(newcomer.body()).isEqualTo(small);
            assertThat(took).as("the newcomer's download time").isLessThan(NORMAL_TIME);
        } finally {
            for (RawHttp client : connections) {
                client.abort();
            }
        }
        await().atMost(1, TimeUnit.MINUTES)
                .alias("the abandoned downloads give their slots back")
                .until(() -> registry.get("iolab.download.active").gauge().value() == 0);
    }

    @Test
    void underPressureTheSlowestUploadsAreCutFirstAndAnUploadAtANormalPaceIsNot() throws Exception {
        double shedBefore = registry.get("iolab.upload.shed").counter().count();
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> slowest = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> slow = new ArrayList<>();
        try {
            for (int a = 0; a < 3; a++) { // 6 uploads at 600 B/s
                for (int i = 0; i < 2; i++) {
                    slowest.add(upload(connections, 130 + a, "slowest-" + a + "-" + i, 1_000_000, 60));
                }
            }
            for (int i = 0; i < 2; i++) { // 2 at 2 KB/s: below the rate too, but not the slowest
                slow.add(upload(connections, 133, "slow-" + i, 1_000_000, 200));
            }
            await().atMost(1, TimeUnit.MINUTES).until(() -> executor("executor.active") == 8);
            // 20 KB/s, a client on a poor link: 100 KB in 5 s. 9 of 10 threads run now: pressure.
            CompletableFuture<RawHttp.Response> normal = upload(connections, 134, "normal-pace", 100_000, 2_000);

            await().atMost(30, TimeUnit.SECONDS)
                    .alias("two of the slowest cut")
                    .until(() ->
                            slowest.stream().filter(CompletableFuture::isDone).count() >= 2);
            RawHttp.Response stored = normal.get(1, TimeUnit.MINUTES);

            assertThat(stored.status()).as(stored.body()).isEqualTo(201);
            assertThat(slow)
                    .as("the 2 KB/s uploads are not cut while slower ones run")
                    .noneMatch(CompletableFuture::isDone);
            assertThat(registry.get("iolab.upload.shed").counter().count() - shedBefore)
                    .isEqualTo((double)
                            slowest.stream().filter(CompletableFuture::isDone).count());
            assertThat(slowest)
                    .filteredOn(CompletableFuture::isDone)
                    .allSatisfy(answer -> answer.handle((response, failure) -> {
                                if (failure != null) { // reset before the client read its 408 (see ClientShareSupport)
                                    assertThat(failure).rootCause().isInstanceOf(IOException.class);
                                } else {
                                    assertThat(response.status())
                                            .as(response.body())
                                            .isEqualTo(408);
                                    assertThat(response.body())
                                            .contains(Problems.TYPE_PREFIX + "body-too-slow", "the service is busy");
                                }
                                return null;
                            })
                            .join());
        } finally {
            for (RawHttp client : connections) {
                client.close();
            }
        }
    }

    /**
     * Starts an upload of {@code length} bytes from client {@code address} that sends {@code bytesPerTenth} bytes every
     * 100 ms; its answer.
     */
    private CompletableFuture<RawHttp.Response> upload(
            List<RawHttp> connections, int address, String name, int length, int bytesPerTenth) throws IOException {
        RawHttp client = new RawHttp(LoopbackClients.address(address), port);
        connections.add(client);
        client.head("PUT /uploads/together/" + name + "?strategy=temp-file HTTP/1.1", "Content-Length: " + length);
        CompletableFuture<RawHttp.Response> answer = async(() -> client.response(true));
        async(() -> trickle(client, answer, length, bytesPerTenth));
        return answer;
    }

    /** The answer; a client that gave up waiting fails the test saying so. */
    private HttpResponse<String> send(HttpRequest request) throws Exception {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new AssertionError("the newcomer's upload got no answer in 30 s", e);
        }
    }

    /** 60 bytes every 100 ms (600 B/s, above the minimum rate) until the server answers or hangs up. */
    private static Void trickle(RawHttp client, CompletableFuture<?> answer) {
        return trickle(client, answer, Integer.MAX_VALUE, 60);
    }

    /** {@code bytesPerTenth} bytes every 100 ms until {@code length} are sent or the server answers or hangs up. */
    private static Void trickle(RawHttp client, CompletableFuture<?> answer, int length, int bytesPerTenth) {
        try {
            for (int sent = 0; sent < length && !answer.isDone(); sent += bytesPerTenth) {
                client.body(new byte[Math.min(bytesPerTenth, length - sent)]);
                TimeUnit.MILLISECONDS.sleep(100); // the client's pace, not a wait for the server
            }
        } catch (IOException | InterruptedException closed) {
            // answered and closed: the trickle is over
        }
        return null;
    }
}
