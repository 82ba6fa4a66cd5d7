package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One client that starts 40 uploads and sends only half of each holds 31 of the 125 upload slots (6 running, 25
 * waiting); its other 9 are refused 429 at once, and a normal client's upload runs on one of the threads the 6 leave.
 */
class UploadShareTest extends ClientShareSupport {

    private static final int UPLOADS = 40;
    private static final int SHARE = 31;
    private static final int SIZE = 64 * 1024;

    @Test
    void aClientOverItsShareOfTheUploadSlotsIsRefused429WhileAnotherIsServed() throws Exception {
        double refusedBefore = refusedOverShare("upload slots");
        InetAddress greedy = LoopbackClients.address(103);
        byte[] body = new byte[SIZE];
        List<RawHttp> connections = new ArrayList<>();
        List<CompletableFuture<RawHttp.Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < UPLOADS; i++) {
                RawHttp client = new RawHttp(greedy, port);
                connections.add(client);
                client.head("PUT /uploads/share/" + i + "?strategy=temp-file HTTP/1.1", "Content-Length: " + SIZE)
                        .body(Arrays.copyOf(body, SIZE / 2));
                answers.add(async(() -> client.response(true)));
            }
            await().atMost(1, TimeUnit.MINUTES).until(() -> answered(answers, 429) == UPLOADS - SHARE);
            assertThat(executor("executor.active")).as("its running share").isEqualTo(6);
            assertThat(executor("executor.queued")).isEqualTo(SHARE - 6);

            assertANormalUploadIsServedInItsNormalTime("share/normal");

            assertThat(refusedOverShare("upload slots") - refusedBefore).isEqualTo(UPLOADS - SHARE);
            for (int i = 0; i < UPLOADS; i++) {
                if (!answers.get(i).isDone()) {
                    connections.get(i).body(Arrays.copyOfRange(body, SIZE / 2, SIZE));
                }
            }
            await().atMost(2, TimeUnit.MINUTES).until(() -> answers.stream().allMatch(CompletableFuture::isDone));
            assertThat(answered(answers, 201))
                    .as("its admitted uploads are stored")
                    .isEqualTo(SHARE);
            assertThat(answers)
                    .filteredOn(answer -> answer.join().status() == 429)
                    .allSatisfy(answer -> {
                        assertThat(answer.join().body())
                                .contains(Problems.TYPE_PREFIX + "over-share", "31 upload slots");
                        assertThat(answer.join().headers()).containsEntry("retry-after", "5");
                    });
        } finally {
            for (RawHttp client : connections) {
                client.close();
            }
        }
    }
}
