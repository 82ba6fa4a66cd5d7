package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.util.BinaryData;
import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.RawHttp;
import java.net.InetAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One client that opens 20 downloads of a 16 MiB blob and reads none of them holds 16 of the 64 download slots (its
 * share); its other 4 are refused 429 at once, and a normal client downloads beside it.
 */
class DownloadShareTest extends ClientShareSupport {

    private static final int DOWNLOADS = 20;
    private static final int SHARE = 16;

    @Test
    void aClientOverItsShareOfTheDownloadSlotsIsRefused429WhileAnotherIsServed() throws Exception {
        byte[] blob = Payloads.randomBytes(16 * 1024 * 1024, 31);
        container.getBlobClient("download/big").upload(BinaryData.fromBytes(blob), true);
        InetAddress greedy = LoopbackClients.address(104);
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> heads = new ArrayList<>();
        try {
            for (int i = 0; i < DOWNLOADS; i++) {
                RawHttp client = new RawHttp(greedy, port);
                connections.add(client);
                client.head("GET /uploads/download/big HTTP/1.1");
                heads.add(async(client::responseHead));
            }
            await().atMost(1, TimeUnit.MINUTES).until(() -> answered(heads, 429) == DOWNLOADS - SHARE);
            await().atMost(1, TimeUnit.MINUTES).until(() -> answered(heads, 200) == SHARE);
            assertThat(registry.get("iolab.download.active").gauge().value()).isEqualTo(SHARE);

            long start = System.nanoTime();
            HttpResponse<byte[]> normal = http.send(
                    HttpRequest.newBuilder(uri("/uploads/download/big"))
                            .timeout(Duration.ofMinutes(1))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(normal.statusCode()).isEqualTo(200);
            assertThat(normal.body()).isEqualTo(blob);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(NORMAL_TIME);
            assertThat(refusedOverShare("download slots")).isGreaterThanOrEqualTo(DOWNLOADS - SHARE);
            assertThat(heads).filteredOn(head -> head.join().status() == 429).allSatisfy(head -> {
                assertThat(head.join().headers()).containsKey("retry-after");
                assertThat(head.join().headers().get("content-type")).startsWith("application/problem+json");
            });
        } finally {
            for (RawHttp client : connections) {
                client.abort();
            }
        }
        await().atMost(1, TimeUnit.MINUTES)
                .alias("the abandoned downloads give their slots back")
                .until(() -> registry.get("iolab.download.active").gauge().value() == 0);
    }
}
