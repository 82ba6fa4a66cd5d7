package dev.iolab.upload.hostile;

import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.test.context.TestPropertySource;

/**
 * The service as hostile and careless clients meet it, with limits a test can reach: a 200 MB memory budget of which
 * one request may hold a quarter, the default {@code upload.max-size} (1 GB), so that the budget and not the size limit
 * is what a large declared length meets. One context for the attacks that need no limit of their own: cornering the
 * budget, refused uploads, a lost container, concurrent writers.
 */
@TestPropertySource(
        properties = {
            "upload.container=hostile",
            "upload.temp-dir=target/upload-spool-hostile",
            "upload.memory-budget.max-bytes=200MB",
            "upload.memory-budget.request-share=0.25",
            "upload.executor.async-timeout=3m"
        })
abstract class HostileUploadSupport extends RunningServiceSupport {

    final BlobServiceClient azurite = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient();
    final BlobContainerClient container = azurite.getBlobContainerClient("hostile");

    HttpResponse<String> put(String name, String strategy, byte[] body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri("/uploads/" + name + "?strategy=" + strategy))
                        .timeout(Duration.ofMinutes(2))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A raw client that has sent the head of a {@code PUT} and {@code sent} bytes of its body. */
    RawHttp started(String name, String strategy, byte[] body, int sent, boolean chunked) throws IOException {
        RawHttp client = new RawHttp(port);
        String line = "PUT /uploads/" + name + "?strategy=" + strategy + " HTTP/1.1";
        if (chunked) {
            client.head(line, "Transfer-Encoding: chunked").body(chunk(body, 0, sent));
        } else {
            client.head(line, "Content-Length: " + body.length).body(java.util.Arrays.copyOf(body, sent));
        }
        return client;
    }

    /** Sends the rest of a body {@link #started} sent part of, and reads the answer. */
    static RawHttp.Response finish(RawHttp client, byte[] body, int sent, boolean chunked) throws IOException {
        if (chunked) {
            client.body(chunk(body, sent, body.length)).body("0\r\n\r\n".getBytes());
        } else {
            client.body(java.util.Arrays.copyOfRange(body, sent, body.length));
        }
        return client.response(true);
    }

    static byte[] chunk(byte[] body, int from, int to) {
        byte[] head = (Integer.toHexString(to - from) + "\r\n").getBytes();
        byte[] out = new byte[head.length + (to - from) + 2];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(body, from, out, head.length, to - from);
        out[out.length - 2] = '\r';
        out[out.length - 1] = '\n';
        return out;
    }

    /** Waits until the service has consumed {@code bytes} of the bodies of the uploads in flight. */
    void awaitReceived(long bytes) {
        await().atMost(1, TimeUnit.MINUTES)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> gauge("iolab.upload.inflight.received") == bytes);
    }
}
