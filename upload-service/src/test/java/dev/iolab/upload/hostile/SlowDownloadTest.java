package dev.iolab.upload.hostile;

import static dev.iolab.upload.support.Payloads.md5;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow downloads cannot take the JVM down or hold their slots for good. The service runs in its
 * own JVM with a 128 MB heap, at most 30 downloads at once and a reader rate of 1 MiB/s after 5 s; 40 readers of a
 * 16 MiB blob stop reading after the response head. With the SDK's 4 MiB read-ahead (two 4 MiB buffers per reader) the
 * 30 admitted would need far more than the heap; unadmitted, all 40 would stream; without the rate they would hold
 * their slots as long as they like.
 */
@ExtendWith(Azurite.class)
class SlowDownloadTest {

    static final int SIZE = 16 * 1024 * 1024;
    static final int SLOTS = 30;
    static final byte[] BLOB = new byte[SIZE];

    @TempDir
    static Path work;

    static ServiceProcess service;

    @BeforeAll
    static void start() throws Exception {
        service = ServiceProcess.start(
                work,
                "128m",
                "--upload.container=downloads",
                "--upload.max-size=64MB",
                "--upload.download.max-concurrent=" + SLOTS,
                "--upload.download.min-rate=1MB",
                "--upload.download.grace=5s");
        new Random(15).nextBytes(BLOB);
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> put = http.send(
                    HttpRequest.newBuilder(service.uri("/uploads/big.bin?strategy=buffer-4k"))
                            .PUT(HttpRequest.BodyPublishers.ofByteArray(BLOB))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).as(put.body()).isEqualTo(201);
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void boundsStalledReadersAdmitsNoMoreThanItsSlotsAndCutsThemOff() throws Exception {
        List<StalledReader> readers = new ArrayList<>();
        try {
            for (int i = 0; i < SLOTS + 10; i++) {
                readers.add(StalledReader.open(service.port(), "/uploads/big.bin"));
            }
            assertThat(readers.stream().filter(r -> r.status == 200)).hasSize(SLOTS);
            List<StalledReader> refused =
                    readers.stream().filter(r -> r.status != 200).toList();
            assertThat(refused).hasSize(10).allSatisfy(r -> {
                assertThat(r.status).isEqualTo(503);
                assertThat(r.head).contains("retry-after:");
            });
            assertThat(service.alive())
                    .as("service alive, log:\n%s", service.log())
                    .isTrue();

            await().atMost(2, TimeUnit.MINUTES)
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> !service.alive()
                            || service.metric("iolab_download_cut_off_downloads_total", "application") >= SLOTS);
            assertThat(service.alive())
                    .as("service alive, log:\n%s", service.log())
                    .isTrue();
            for (StalledReader reader : readers.subList(0, SLOTS)) {
                assertThat(reader.drain())
                        .as("a cut-off reader gets less than its Content-Length")
                        .isLessThan(SIZE);
            }
        } finally {
            for (StalledReader reader : readers) {
                reader.socket.close();
            }
        }

        HttpResponse<byte[]> whole = get("/uploads/big.bin", null);
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(MessageDigest.isEqual(md5(whole.body()), md5(BLOB)))
                .as("a reader that keeps up gets every byte")
                .isTrue();
        assertThat(service.log()).doesNotContain("OutOfMemoryError");
    }

    @Test
    void servesARangeAndAHeadWithoutTheWholeBlob() throws Exception {
        HttpResponse<byte[]> range = get("/uploads/big.bin", "bytes=1000-1999");
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 1000-1999/" + SIZE);
        assertThat(range.body()).isEqualTo(Arrays.copyOfRange(BLOB, 1000, 2000));

        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> head = http.send(
                    HttpRequest.newBuilder(service.uri("/uploads/big.bin"))
                            .method("HEAD", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.headers().firstValue("Content-Length")).hasValue(Integer.toString(SIZE));
            assertThat(head.headers().firstValue("Accept-Ranges")).hasValue("bytes");
        }
    }

    private static HttpResponse<byte[]> get(String path, String range) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest.Builder request =
                    HttpRequest.newBuilder(service.uri(path)).timeout(Duration.ofMinutes(2));
            if (range != null) {
                request.header("Range", range);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    /** A GET whose client reads the response head and then nothing, through a 4 KiB receive buffer. */
    private static final class StalledReader {

        final Socket socket;
        final int status;
        final String head;
        private final InputStream in;
        private final int bodyBytesInHead;

        private StalledReader(Socket socket, InputStream in, int status, String head, int bodyBytesInHead) {
            this.socket = socket;
            this.in = in;
            this.status = status;
            this.head = head;
            this.bodyBytesInHead = bodyBytesInHead;
        }

        static StalledReader open(int port, String path) throws IOException {
            Socket socket = new Socket();
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            socket.setSoTimeout(60_000);
            socket.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("closed before the head ended: " + head);
                }
                head.write(b);
            }
            String text = head.toString(StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
            return new StalledReader(socket, in, Integer.parseInt(text.split(" ")[1]), text, 0);
        }

        /** Reads what is left until the server's end of stream or reset; returns the body bytes received. */
        long drain() {
            long received = bodyBytesInHead;
            byte[] buffer = new byte[64 * 1024];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    received += n;
                }
            } catch (IOException reset) {
                // the server cut the connection: what arrived before counts
            }
            return received;
        }
    }
}
