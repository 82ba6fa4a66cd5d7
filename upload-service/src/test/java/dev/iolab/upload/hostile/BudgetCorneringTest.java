package dev.iolab.upload.hostile;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * One request cannot take the memory budget. A header's promise reserves nothing; bytes are
 * charged as they arrive; one request holds at most its share; chunked bodies are charged for what they really hold.
 */
class BudgetCorneringTest extends HostileUploadSupport {

    private static final long BUDGET = 200L * 1024 * 1024;
    private static final long SHARE = BUDGET / 4;

    @Test
    void anInMemoryPutDeclaring260MbIsRefused413BeforeAByteAndReservesNothing() throws Exception {
        try (RawHttp client = new RawHttp(port)) {
            RawHttp.Response response = client.head(
                            "PUT /uploads/corner/huge?strategy=in-memory HTTP/1.1",
                            "Content-Length: 260000000",
                            "Expect: 100-continue")
                    .response(false);
            assertThat(response.status())
                    .as("answered at once, no 100 Continue")
                    .isEqualTo(413);
            assertThat(response.body())
                    .contains(
                            Problems.TYPE_PREFIX + "too-large",
                            "on-demand",
                            "buffer-4k",
                            "buffer-4m",
                            "buffer-8m",
                            "temp-file");
        }
        assertThat(gauge("iolab.upload.memory.budget.used")).isZero();
        // Meanwhile uploads of other strategies are served.
        assertThat(put("corner/other", "buffer-4k", randomBytes(10 * 1024 * 1024, 1))
                        .statusCode())
                .isEqualTo(201);
    }

    @Test
    void anInMemoryUploadIsChargedWhatHasArrivedNotWhatItDeclared() throws Exception {
        byte[] body = randomBytes(40 * 1024 * 1024, 2);
        int sent = 1024 * 1024;
        try (RawHttp client = started("corner/promise", "in-memory", body, sent, false)) {
            awaitReceived(sent);
            double used = gauge("iolab.upload.memory.budget.used");
            assertThat(used)
                    .as("reserved for 1 MiB received of 40 MiB declared")
                    .isGreaterThanOrEqualTo(sent)
                    .isLessThan(2.0 * sent);

            RawHttp.Response stored = finish(client, body, sent, false);
            assertThat(stored.status()).as(stored.body()).isEqualTo(201);
        }
        assertThat(container.getBlobClient("corner/promise").downloadContent().toBytes())
                .isEqualTo(body);
    }

    @Test
    void oneRequestHoldsAtMostItsShareOfTheBudget() throws Exception {
        // The in-memory ceiling is the share (50 MB here), below upload.memory-budget.in-memory-max-size (64 MB).
        try (RawHttp client = new RawHttp(port)) {
            RawHttp.Response response = client.head(
                            "PUT /uploads/corner/share?strategy=in-memory HTTP/1.1",
                            "Content-Length: " + (SHARE + 1),
                            "Expect: 100-continue")
                    .response(false);
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.body()).contains(Long.toString(SHARE));
        }
        // Up to the share is fine, and is charged in full while it is held.
        byte[] body = randomBytes((int) (SHARE - 1024 * 1024), 3);
        HttpResponse<String> stored = put("corner/share-ok", "in-memory", body);
        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(201);
    }

    @Test
    void aChunkedBodyIsChargedOneBlockHoweverLongItGrows() throws Exception {
        byte[] body = randomBytes(24 * 1024 * 1024, 4);
        try (RawHttp small = started("corner/chunked-small", "on-demand", body, 1024 * 1024, true)) {
            awaitReceived(1024 * 1024);
            double oneBlock = gauge("iolab.upload.memory.budget.used");
            assertThat(oneBlock).isPositive().isLessThan(4.0 * 1024 * 1024);

            try (RawHttp large = started("corner/chunked-large", "on-demand", body, 20 * 1024 * 1024, true)) {
                awaitReceived(21L * 1024 * 1024);
                assertThat(gauge("iolab.upload.memory.budget.used"))
                        .as("20 MiB received costs what 1 MiB does")
                        .isEqualTo(2 * oneBlock);
                assertThat(finish(large, body, 20 * 1024 * 1024, true).status()).isEqualTo(201);
            }
            assertThat(finish(small, body, 1024 * 1024, true).status()).isEqualTo(201);
        }
        assertThat(container
                        .getBlobClient("corner/chunked-large")
                        .downloadContent()
                        .toBytes())
                .isEqualTo(body);
    }
}
