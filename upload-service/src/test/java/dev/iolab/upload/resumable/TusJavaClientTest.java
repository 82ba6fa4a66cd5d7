package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RunningServiceSupport;
import io.tus.java.client.TusClient;
import io.tus.java.client.TusURLMemoryStore;
import io.tus.java.client.TusURLStore;
import io.tus.java.client.TusUpload;
import io.tus.java.client.TusUploader;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.context.TestPropertySource;

/**
 * The real tus-java-client (as JVM and Android apps use it) through a relay that cuts the network half-way through
 * the upload; a new client finds the upload's URL in its store, resumes, and the blob is byte-exact. The client sends
 * its {@code PATCH}es as {@code POST} with {@code X-HTTP-Method-Override}, in bodies of whole blocks.
 */
@TestPropertySource(
        properties = {
            "upload.api-keys.app=" + TusJavaClientTest.API_KEY,
            "upload.container=tusjava",
            "upload.temp-dir=target/upload-spool-tusjava",
            "upload.resumable.block-size=" + TusJavaClientTest.BLOCK
        })
class TusJavaClientTest extends RunningServiceSupport {

    static final String API_KEY = "app-key";
    static final int BLOCK = 512 * 1024;
    static final int SIZE = 16 * 1024 * 1024 + 5;

    @Test
    void anUploadCutByTheNetworkIsResumedByANewClientFromItsStoredUrl(@TempDir Path directory) throws Exception {
        byte[] content = randomBytes(SIZE, 36);
        File file = Files.write(directory.resolve("payload.bin"), content).toFile();
        TusURLStore urls = new TusURLMemoryStore();

        try (CuttingProxy network = CuttingProxy.start(port, SIZE / 2)) {
            TusUploader first = client(network.port(), urls).createUpload(upload(file));
            assertThatThrownBy(() -> send(first)).isInstanceOf(IOException.class);
            assertThat(network.hasCut()).isTrue();
            await().atMost(Duration.ofSeconds(60)).until(() -> gauge("iolab.upload.resumable.active") == 0);
            long offset = new TusHttp(port, API_KEY).offset(first.getUploadURL().getPath());
            assertThat(offset).isBetween(1L, (long) SIZE - 1);

            TusUploader resumed = client(network.port(), urls).resumeUpload(upload(file));
            assertThat(resumed.getOffset()).as("resumed where the store says").isEqualTo(offset);
            send(resumed);
        }

        byte[] stored = new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient("tusjava")
                .getBlobClient("tus-java/payload.bin")
                .downloadContent()
                .toBytes();
        assertThat(stored).isEqualTo(content);
    }

    private TusClient client(int port, TusURLStore urls) throws Exception {
        TusClient client = new TusClient();
        client.setUploadCreationURL(
                URI.create("http://127.0.0.1:" + port + "/files/").toURL());
        client.enableResuming(urls);
        client.setHeaders(Map.of("Authorization", "Bearer " + API_KEY));
        return client;
    }

    private static TusUpload upload(File file) throws Exception {
        TusUpload upload = new TusUpload(file);
        upload.setMetadata(Map.of("filename", "tus-java/payload.bin"));
        return upload;
    }

    /** Sends the rest in requests of four whole blocks each (tus-java-client wants every byte of a request kept). */
    private static void send(TusUploader uploader) throws Exception {
        uploader.setChunkSize(64 * 1024);
        uploader.setRequestPayloadSize(4 * BLOCK);
        while (uploader.uploadChunk() > -1) {
            // the uploader counts its offset
        }
        uploader.finish();
    }
}
