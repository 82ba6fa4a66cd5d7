package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.LoopbackClients;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.RunningServiceSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Readers that never read cannot hold the download slots for long. 64 downloads of a 64 MiB blob, 16 from each of 4
 * addresses (each within its share of the 64 slots), read their response heads and then nothing, through 4 MiB
 * receive buffers: the kernel takes megabytes of each body into its socket buffers at once. Judged by the average
 * since the start, those bytes bought each reader {@code buffered / min-rate} (here 64 KiB/s: over 2 minutes; at the
 * default 500 B/s: hours), and every download slot stayed taken: another client got 503 {@code downloads-busy}. Judged
 * over the last {@code rate-window} (5 s here) they buy 5 s, and another client's download is answered whole in its
 * normal time once they are cut off. The reserve for clients that hold no download is off here
 * ({@code client-share.reserved=0}), so that the readers hold every slot and the rate window alone must free them
 * ({@code SeveralClientsTogetherTest} checks the reserve).
 */
@TestPropertySource(
        properties = {
            "upload.container=stalled-readers",
            "upload.temp-dir=target/upload-spool-stalled-readers",
            "upload.download.min-rate=64KB",
            "upload.download.grace=5s",
            "upload.download.rate-window=5s",
            "upload.client-share.reserved=0"
        })
class StalledReadersTest extends RunningServiceSupport {

    private static final int SIZE = 64 * 1024 * 1024;
    private static final int ADDRESSES = 4;
    private static final int PER_ADDRESS = 16;
    /** Alone, the 64 MiB download takes a few seconds here. */
    private static final Duration NORMAL_TIME = Duration.ofSeconds(30);

    private final BlobContainerClient container = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("stalled-readers");

    @Test
    void readersThatNeverReadAreCutOffAndAnotherClientsDownloadIsAnsweredInItsNormalTime() throws Exception {
        container.createIfNotExists();
        byte[] blob = Payloads.randomBytes(SIZE, 64);
        container.getBlobClient("big.bin").upload(BinaryData.fromBytes(blob), true);
        List<Socket> readers = new ArrayList<>();
        try {
            for (int i = 0; i < ADDRESSES * PER_ADDRESS; i++) {
                Socket reader = stalledReader(LoopbackClients.address(200 + i % ADDRESSES));
                readers.add(reader);
                assertThat(statusOf(reader)).as("download %d admitted", i).isEqualTo(200);
            }

            await().atMost(40, TimeUnit.SECONDS)
                    .pollInterval(Duration.ofMillis(250))
                    .alias("the stalled readers are cut off, their slots free")
                    .until(() -> gauge("iolab.download.active") == 0);
            assertThat(registry.get("iolab.download.cut.off").counter().count())
                    .isGreaterThanOrEqualTo(ADDRESSES * PER_ADDRESS);

            long start = System.nanoTime();
            HttpResponse<byte[]> normal = http.send(
                    HttpRequest.newBuilder(uri("/uploads/big.bin"))
                            .timeout(Duration.ofMinutes(1))
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(normal.statusCode()).as("another client's download").isEqualTo(200);
            assertThat(normal.body()).isEqualTo(blob);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(NORMAL_TIME);
        } finally {
            for (Socket reader : readers) {
                reader.close();
            }
        }
    }

    /** A GET of the blob from {@code from}, through a 4 MiB receive buffer; nothing is read of it yet. */
    private Socket stalledReader(InetAddress from) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(4 * 1024 * 1024);
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
        socket.setSoTimeout(30_000);
        socket.getOutputStream()
                .write("GET /uploads/big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return socket;
    }

    /** Reads the response head, one byte at a time (so no byte of the body is taken), and returns its status. */
    private static int statusOf(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the head ended: " + head);
            }
            head.write(b);
        }
        return Integer.parseInt(head.toString(StandardCharsets.ISO_8859_1).split(" ")[1]);
    }
}
