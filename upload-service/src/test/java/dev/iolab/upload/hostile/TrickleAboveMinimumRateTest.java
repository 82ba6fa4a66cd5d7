package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * 25 uploads of a declared gigabyte that trickle just above the minimum rate (1 KB/s against 500 B/s) held all 25
 * upload threads for weeks. Now one client runs at most its share of the threads (6) while the others' uploads are
 * taken first, and every upload ends at the longest an upload may take ({@code upload.body.max-duration}, 8 s here),
 * answered 408.
 */
class TrickleAboveMinimumRateTest extends ClientShareSupport {

    private static final int TRICKLES = 25;

    @Test
    void uploadsThatKeepJustAboveTheRateRunOnlyTheirShareAndEndAtTheLongestAnUploadMayTake() throws Exception {
        InetAddress attacker = LoopbackClients.address(102);
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < TRICKLES; i++) {
                RawHttp client = new RawHttp(attacker, port);
                connections.add(client);
                client.head("PUT /uploads/trickle/" + i + "?strategy=temp-file HTTP/1.1", "Content-Length: 1000000000");
                CompletableFuture<RawHttp.Response> answer = async(() -> client.response(true));
                answers.add(answer);
                async(() -> trickle(client, answer));
            }
            await().atMost(1, TimeUnit.MINUTES)
                    .until(() -> executor("executor.active") == 6 && executor("executor.queued") == TRICKLES - 6);

            assertANormalUploadIsServedInItsNormalTime("trickle/normal");

            await().atMost(2, TimeUnit.MINUTES).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
            // Each trickle ends: answered 408, or, where the client was still sending when the server closed, reset
            // before the client read that answer (TCP drops unread data on a reset; a busy client loses some).
            assertThat(answers)
                    .allSatisfy(answer -> answer.handle((response, failure) -> {
                                if (failure != null) {
                                    assertThat(failure).rootCause().isInstanceOf(IOException.class);
                                } else {
                                    assertThat(response.status())
                                            .as(response.body())
                                            .isEqualTo(408);
                                    assertThat(response.body())
                                            .contains(Problems.TYPE_PREFIX + "body-too-slow", "may take at most 8 s");
                                }
                                return null;
                            })
                            .join());
            assertThat(answered(answers, 408)).as(statuses(answers)).isPositive();
            assertThat(container.getBlobClient("trickle/0").exists()).isFalse();
        } finally {
            for (RawHttp client : connections) {
                client.close();
            }
        }
    }

    /** 100 bytes every 100 ms (1 KB/s) until the server answers or hangs up. */
    private static Void trickle(RawHttp client, CompletableFuture<?> answer) {
        try {
            while (!answer.isDone()) {
                client.body(new byte[100]);
                TimeUnit.MILLISECONDS.sleep(100); // the attack's pace, not a wait for the server
            }
        } catch (IOException | InterruptedException closed) {
            // answered and closed: the trickle is over
        }
        return null;
    }
}
