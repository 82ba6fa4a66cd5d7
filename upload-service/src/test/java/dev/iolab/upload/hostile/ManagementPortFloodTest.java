package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Slow request heads cannot hold the management port shut. 1,200 connections from 120 addresses (10 each) send the
 * head of a health request and then one header line every 2 s, as long as the port keeps them; once they are all
 * accepted or refused, a health check from another address must answer within 3 s (a compose health check's timeout; HAProxy's is 1 s), each time.
 * The service runs with its default management limits. Unguarded, the port took 1,024 of them (the public connector's
 * {@code server.tomcat.max-connections}), each kept open by its trickle, and the health checks waited in the backlog
 * behind the rest until they timed out: behind HAProxy every replica would be marked down.
 */
@ExtendWith(Azurite.class)
class ManagementPortFloodTest {

    private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(3);

    @TempDir
    static Path work;

    static ServiceProcess service;

    @BeforeAll
    static void start() throws IOException {
        service = ServiceProcess.start(work, "256m", "--upload.container=management-flood");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void healthAnswersWithinItsCheckTimeoutWhileSlowHeadsFloodTheManagementPort() throws Exception {
        List<String> addresses =
                IntStream.range(1, 121).mapToObj(i -> "127.0.2." + i).toList();
        List<Duration> checks = new ArrayList<>();
        try (HeadFlood flood = HeadFlood.open(service.managementPort(), "/actuator/health", 1200, addresses)) {
            // The burst of connects overflows any server's backlog for a moment (SYNs dropped and retried by the
            // kernel); the checks start once every connect of the flood is accepted or refused, or after 30 s (an
            // unguarded port never gets there: the connects it does not accept wait in its backlog).
            long settled = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            await().atMost(1, TimeUnit.MINUTES)
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> {
                        flood.poll();
                        return flood.pending() == 0 || System.nanoTime() - settled > 0;
                    });
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            long nextLine = System.nanoTime();
            long nextCheck = System.nanoTime();
            while (System.nanoTime() < end) {
                flood.poll();
                if (System.nanoTime() - nextLine >= 0) {
                    flood.sendHeaderLine();
                    nextLine += Duration.ofSeconds(2).toNanos();
                }
                if (System.nanoTime() - nextCheck >= 0) {
                    checks.add(check());
                    nextCheck = System.nanoTime() + Duration.ofSeconds(1).toNanos();
                }
            }
        }

        assertThat(checks)
                .allSatisfy(took -> assertThat(took)
                        .as("a health check from another address during the flood")
                        .isLessThan(CHECK_TIMEOUT));
        assertThat(checks).as("checks made, one a second").hasSizeGreaterThanOrEqualTo(8);
        assertThat(service.metric(
                        "iolab_management_connections_refused_connections_total", "reason=\"evicted-for-newcomer\""))
                .as("slow heads closed to make room for a newcomer at the cap of 64")
                .isPositive();
        assertThat(service.metric(
                        "iolab_management_connections_refused_connections_total", "reason=\"header-timeout\""))
                .as("slow heads closed at the 3 s head deadline")
                .isPositive();
        assertThat(service.alive()).as("service alive, log:\n%s", service.log()).isTrue();
    }

    /** A health check from an address the flood does not use; its time, or the check timeout when it failed. */
    private static Duration check() throws InterruptedException {
        long start = System.nanoTime();
        try {
            HttpResponse<String> health = service.healthFrom("127.0.3.1", CHECK_TIMEOUT);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            return health.statusCode() == 200 ? took : CHECK_TIMEOUT;
        } catch (IOException timedOutOrRefused) {
            return CHECK_TIMEOUT;
        }
    }
}
