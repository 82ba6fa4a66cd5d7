package dev.iolab.upload.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service on a random port against the real Azurite, for tests that talk to it over HTTP. A subclass states its
 * limits with {@code @TestPropertySource} (each set is one cached application context), and with them at least
 * {@code upload.container} and {@code upload.temp-dir}, which no two contexts may share. Whatever a test did, the memory
 * budget is given back, no upload is left in flight and no spool file behind: an upload can be answered before its
 * worker has let go of it (a body that ends early is also reported by the container, which may answer first), so they
 * are awaited, not sampled.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(Azurite.class)
public abstract class RunningServiceSupport {

    @LocalServerPort
    protected int port;

    @Autowired
    protected MeterRegistry registry;

    @Value("${upload.temp-dir}")
    private Path spool;

    /** Generous connect timeout: 200 simultaneous connects can overflow Tomcat's accept queue (100) on a loaded host. */
    protected final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofMinutes(1)).build();

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
    }

    @AfterEach
    void nothingLeftBehind() {
        beforeCheckingNothingIsLeftBehind();
        await().atMost(30, TimeUnit.SECONDS).untilAsserted(() -> {
            assertThat(gauge("iolab.upload.memory.budget.used"))
                    .as("memory budget held after the test")
                    .isZero();
            assertThat(gauge("iolab.upload.inflight")).as("uploads in flight").isZero();
            assertThat(spoolFiles()).as("temp files left in " + spool).isZero();
        });
    }

    /** What a subclass must undo before the check (a closed gate would hold an upload for good). */
    protected void beforeCheckingNothingIsLeftBehind() {}

    protected double gauge(String name) {
        return registry.get(name).gauge().value();
    }

    protected long spoolFiles() throws IOException {
        Path directory = spool.toAbsolutePath();
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".part"))
                    .count();
        }
    }

    protected URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }
}
