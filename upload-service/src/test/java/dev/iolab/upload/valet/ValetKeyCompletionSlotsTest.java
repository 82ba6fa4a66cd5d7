package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.upload.StoredUpload;
import dev.iolab.upload.upload.UploadMetrics;
import dev.iolab.upload.upload.problem.UploadProblem;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * Completion slots: with one slot, a completion that arrives while another reads waits for it and is served, in
 * arrival order; one that waits longer than {@code completion-wait} is 503 {@code queue-full} and its grant stays
 * usable. The staging area here is an in-memory stand-in whose digest waits on a latch (the store's part is covered
 * against Azurite by {@link ValetKeyUploadTest}); what is under test is the service's admission of completions.
 */
class ValetKeyCompletionSlotsTest {

    private static final byte[] CONTENT = "twelve bytes".getBytes();

    private final HeldStaging staging = new HeldStaging();
    private final ExecutorService clients = Executors.newFixedThreadPool(2);
    private Grants grants;

    @AfterEach
    void stop() {
        clients.shutdownNow();
        grants.destroy();
    }

    @Test
    void aCompletionWaitsForABusySlotAndIsServed() throws Exception {
        ValetKeyService valet = service("5s");
        GrantAnswer first = staged(valet, "a.bin");
        GrantAnswer second = staged(valet, "b.bin");

        CompletableFuture<StoredUpload> reading = complete(valet, first);
        assertThat(staging.digestStarted.await(5, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<StoredUpload> waiting = complete(valet, second);
        await().atMost(5, TimeUnit.SECONDS).until(() -> valet.completionsWaiting() == 1);
        assertThat(waiting).as("waiting for the only slot").isNotDone();

        staging.release.countDown();
        assertThat(reading.get(5, TimeUnit.SECONDS).name()).isEqualTo("a.bin");
        assertThat(waiting.get(5, TimeUnit.SECONDS).name()).isEqualTo("b.bin");
        assertThat(staging.promoted).containsOnlyKeys("a.bin", "b.bin");
    }

    @Test
    void rejectsACompletionThatWaitedLongerThanTheWaitAndKeepsItsGrantUsable() throws Exception {
        ValetKeyService valet = service("200ms");
        GrantAnswer first = staged(valet, "a.bin");
        GrantAnswer second = staged(valet, "b.bin");

        CompletableFuture<StoredUpload> reading = complete(valet, first);
        assertThat(staging.digestStarted.await(5, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> valet.complete("b.bin", grantId(second)))
                .isInstanceOfSatisfying(
                        ValetKeyException.class, e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_FULL));

        staging.release.countDown();
        reading.get(5, TimeUnit.SECONDS);
        assertThat(valet.complete("b.bin", grantId(second)).name()).isEqualTo("b.bin");
    }

    private ValetKeyService service(String wait) {
        ValetKeyProperties properties = new Binder(new MapConfigurationPropertySource(Map.of(
                        "upload.valet-key.max-concurrent-completions", "1", "upload.valet-key.completion-wait", wait)))
                .bindOrCreate("upload.valet-key", ValetKeyProperties.class);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        grants = new Grants(Duration.ofMinutes(15), 100, staging, registry, Clock.systemUTC());
        return new ValetKeyService(grants, staging, new UploadMetrics(registry), properties);
    }

    /** A grant for {@code name} whose staging blob holds the granted bytes. */
    private GrantAnswer staged(ValetKeyService valet, String name) {
        GrantAnswer answer = valet.grant(name, String.valueOf(CONTENT.length), null);
        staging.committed.add(URI.create(answer.uploadUrl()).getPath().substring(1));
        return answer;
    }

    private CompletableFuture<StoredUpload> complete(ValetKeyService valet, GrantAnswer grant) {
        return CompletableFuture.supplyAsync(() -> valet.complete(grant.name(), grantId(grant)), clients);
    }

    private static String grantId(GrantAnswer grant) {
        return grant.completeUrl().substring(grant.completeUrl().indexOf("grant=") + "grant=".length());
    }

    /** Staging blobs in memory; {@link #digest} of the first completion waits for {@link #release}. */
    private static final class HeldStaging implements StagingArea {

        final java.util.Set<String> committed = ConcurrentHashMap.newKeySet();
        final Map<String, String> promoted = new ConcurrentHashMap<>();
        final CountDownLatch digestStarted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public String newName(String prefix) {
            return prefix + "-" + java.util.UUID.randomUUID();
        }

        @Override
        public URI writeUrl(String stagingName, OffsetDateTime expiresAt, URI publicEndpoint) {
            return URI.create("http://store.invalid/" + stagingName);
        }

        @Override
        public Optional<StagedBlob> find(String stagingName) {
            return committed.contains(stagingName)
                    ? Optional.of(new StagedBlob(CONTENT.length, "\"1\""))
                    : Optional.empty();
        }

        @Override
        public StagedDigest digest(String stagingName, String etag) {
            digestStarted.countDown();
            try {
                if (!release.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the digest");
                }
                return new StagedDigest(
                        CONTENT.length, MessageDigest.getInstance("MD5").digest(CONTENT));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void promote(String stagingName, String etag, String name, byte[] md5) {
            promoted.put(name, stagingName);
        }

        @Override
        public void delete(String stagingName) {
            committed.remove(stagingName);
        }

        @Override
        public int sweep(Instant cutoff) {
            return 0;
        }
    }
}
