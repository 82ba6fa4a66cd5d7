package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * 125 uploads that send {@code Expect: 100-continue} and never send their body held every upload slot (25 threads, 100
 * waiting): the next upload was refused 503 at once. Now one client holds at most its share of the slots (the rest are
 * refused 429 at once), and each admitted one has {@code queued-grace} (2 s) to send once it is asked to, so a normal
 * client beside them is served at once.
 */
class ExpectContinueHoldTest extends ClientShareSupport {

    private static final int SILENT = 125;
    private static final int SHARE = 31;

    @Test
    void clientsThatAskToSendAndNeverDoCannotHoldTheSlotsAnotherClientNeeds() throws Exception {
        InetAddress attacker = LoopbackClients.address(101);
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < SILENT; i++) {
                RawHttp client = new RawHttp(attacker, port);
                connections.add(client);
                client.head(
                        "PUT /uploads/expect/" + i + "?strategy=temp-file HTTP/1.1",
                        "Content-Length: 1000000",
                        "Expect: 100-continue");
                answers.add(async(() -> client.response(true)));
            }
            await().atMost(1, TimeUnit.MINUTES).until(() -> answered(answers, 429) == SILENT - SHARE);

            assertANormalUploadIsServedInItsNormalTime("expect/normal");

            // Six at a time are asked to send and cut 2 s later: all 31 within seconds, not minutes.
            await().atMost(2, TimeUnit.MINUTES).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
            assertThat(answered(answers, 408) + closedWithoutAnswer(answers))
                    .as(statuses(answers))
                    .isEqualTo(SHARE);
            assertThat(answered(answers, 408)).as(statuses(answers)).isGreaterThanOrEqualTo(SHARE / 2);
            assertThat(answers)
                    .filteredOn(answer ->
                            !answer.isCompletedExceptionally() && answer.join().status() == 429)
                    .allSatisfy(answer -> {
                        assertThat(answer.join().body()).contains(Problems.TYPE_PREFIX + "over-share");
                        assertThat(answer.join().headers()).containsKey("retry-after");
                    });
            assertThat(refusedOverShare("upload slots")).isGreaterThanOrEqualTo(SILENT - SHARE);
        } finally {
            for (RawHttp client : connections) {
                client.close();
            }
        }
    }
}
