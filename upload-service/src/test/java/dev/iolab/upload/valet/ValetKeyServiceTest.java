package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientProblem;
import dev.iolab.upload.client.ClientShares;
import dev.iolab.upload.transfer.StoredUpload;
import dev.iolab.upload.transfer.UploadMetrics;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The service's own logic over staging in memory (the store's part is tested against Azurite): which completions read
 * nothing and which read back, that a grant completes once across replicas that share nothing but the store and the
 * key, and that no completion waits for a read-back slot.
 */
class ValetKeyServiceTest {

    private static final ClientKey CLIENT = ClientKey.ofAddress("127.0.0.2");
    private static final ClientKey OTHER = ClientKey.ofAddress("127.0.0.3");

    private static final byte[] CONTENT = "twelve bytes".getBytes();
    private static final byte[] KEY = new byte[32];

    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryStaging staging = new InMemoryStaging();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ValetKeyService replicaA = replica(staging, 100);
    private final ValetKeyService replicaB = replica(staging, 100);

    @Test
    void aSinglePutIsVouchedForByTheStoreAndNothingIsRead() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        assertThat(grant.uploadUrl()).endsWith("?sp=c");
        staging.stage(InMemoryStaging.stagingNameOf(grant), CONTENT, false, null);

        StoredUpload done = replicaA.complete("a.bin", idOf(grant));
        assertThat(done.md5()).isEqualTo(HexFormat.of().formatHex(InMemoryStaging.md5(CONTENT)));
        assertThat(staging.digests).hasValue(0);
        assertThat(completions("store-checked", "accepted")).isEqualTo(1);
        assertThat(readBytes()).isZero();
    }

    @Test
    void aCompletedUploadsStagingBlobIsDeletedAfterTheAnswer() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        String stagingName = InMemoryStaging.stagingNameOf(grant);
        staging.stage(stagingName, CONTENT, false, null);

        replicaA.complete("a.bin", idOf(grant));

        assertThat(staging.promoted).containsEntry("a.bin", stagingName);
        await().atMost(Duration.ofSeconds(10)).until(() -> !staging.blobs.containsKey(stagingName));
    }

    @Test
    void closingWaitsForTheDeletesStillRunning() {
        ValetKeyService replica = replica(staging, 100);
        GrantAnswer grant = replica.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        String stagingName = InMemoryStaging.stagingNameOf(grant);
        staging.stage(stagingName, CONTENT, false, null);

        replica.complete("a.bin", idOf(grant));
        replica.close();

        assertThat(staging.blobs).doesNotContainKey(stagingName);
    }

    @Test
    void withoutAnMd5InTheGrantTheSizeIsCheckedAndTheStoresMd5Answered() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", null);
        assertThat(grant.uploadUrl()).endsWith("?sp=cw");
        staging.stage(InMemoryStaging.stagingNameOf(grant), CONTENT, true, null);

        StoredUpload done = replicaA.complete("a.bin", idOf(grant));
        assertThat(done.size()).isEqualTo(12);
        assertThat(done.md5()).as("a block upload that declared none").isNull();
        assertThat(staging.digests).hasValue(0);
        assertThat(completions("size-only", "accepted")).isEqualTo(1);
    }

    @Test
    void blocksThatDeclareAWrongMd5AreReadBackAndRefused() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        String stagingName = InMemoryStaging.stagingNameOf(grant);
        staging.stage(stagingName, "other bytes!".getBytes(), true, InMemoryStaging.md5(CONTENT));

        assertProblem(() -> replicaA.complete("a.bin", idOf(grant)), ValetKeyProblem.STAGED_MISMATCH);
        assertThat(staging.digests).hasValue(1);
        assertThat(readBytes()).isEqualTo(12);
        assertThat(completions("read-back", "refused")).isEqualTo(1);
        assertThat(staging.blobs).doesNotContainKey(stagingName);
        assertThat(staging.promoted).isEmpty();
        assertProblem(() -> replicaB.complete("a.bin", idOf(grant)), ValetKeyProblem.GRANT_USED);
    }

    @Test
    void aGrantGivenByOneReplicaIsCompletedByAnotherOnce() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        staging.stage(InMemoryStaging.stagingNameOf(grant), CONTENT, false, null);

        assertThat(replicaB.complete("a.bin", idOf(grant)).name()).isEqualTo("a.bin");
        assertProblem(() -> replicaA.complete("a.bin", idOf(grant)), ValetKeyProblem.GRANT_USED);
        // The client PUTs again with the still valid SAS: the grant stays used.
        staging.stage(InMemoryStaging.stagingNameOf(grant), CONTENT, false, null);
        assertProblem(() -> replicaB.complete("a.bin", idOf(grant)), ValetKeyProblem.GRANT_USED);
        assertThat(staging.promoted).containsOnlyKeys("a.bin");
        assertProblem(() -> replicaB.complete("other.bin", idOf(grant)), ValetKeyProblem.GRANT_NOT_FOUND);
    }

    @Test
    void nothingStagedLeavesTheGrantUsable() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", null);
        assertProblem(() -> replicaB.complete("a.bin", idOf(grant)), ValetKeyProblem.NOTHING_STAGED);
        assertThat(staging.markers).isEmpty();
        staging.stage(InMemoryStaging.stagingNameOf(grant), CONTENT, false, null);
        assertThat(replicaA.complete("a.bin", idOf(grant)).size()).isEqualTo(12);
    }

    @Test
    void aCompletionLeftHalfDoneByADeadReplicaIsTakenOverAfterTheClaimTimeout() {
        GrantAnswer grant = replicaA.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        staging.stage(InMemoryStaging.stagingNameOf(grant), CONTENT, false, null);
        Grant read = new GrantSigner(KEY, List.of()).read(idOf(grant), "a.bin");
        staging.createMarker(
                CompletionClaims.markerOf(read),
                Map.of(CompletionClaims.STATE, "completing", CompletionClaims.SINCE, Long.toString(clock.millis())));

        assertProblem(() -> replicaB.complete("a.bin", idOf(grant)), ValetKeyProblem.GRANT_USED);
        clock.advance(Duration.ofMinutes(2).plusSeconds(1));
        assertThat(replicaB.complete("a.bin", idOf(grant)).name()).isEqualTo("a.bin");
    }

    @Test
    void anExpiredGrantIsGoneUnlessItWasCompleted() {
        GrantAnswer unused = replicaA.grant(CLIENT, "a.bin", "12", null);
        GrantAnswer used = replicaA.grant(CLIENT, "b.bin", "12", null);
        staging.stage(InMemoryStaging.stagingNameOf(used), CONTENT, false, null);
        replicaA.complete("b.bin", idOf(used));
        // The grant is marked completed after the answer.
        await().atMost(10, TimeUnit.SECONDS)
                .until(() -> staging.markers.values().stream()
                        .anyMatch(m -> "completed".equals(m.metadata().get(CompletionClaims.STATE))));

        clock.advance(Duration.ofMinutes(15));
        assertProblem(() -> replicaB.complete("a.bin", idOf(unused)), ValetKeyProblem.GRANT_EXPIRED);
        assertProblem(() -> replicaB.complete("b.bin", idOf(used)), ValetKeyProblem.GRANT_USED);
    }

    @Test
    void aReadBackThatFindsEverySlotBusyIsRefusedAtOnceAndItsGrantStaysUsable() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        InMemoryStaging held = new InMemoryStaging() {
            @Override
            public StagedDigest digest(String stagingName, String etag) {
                reading.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.digest(stagingName, etag);
            }
        };
        ValetKeyService valet = replica(held, 100);
        GrantAnswer first = valet.grant(CLIENT, "a.bin", "12", md5Base64(CONTENT));
        GrantAnswer second = valet.grant(CLIENT, "b.bin", "12", md5Base64(CONTENT));
        held.stage(InMemoryStaging.stagingNameOf(first), CONTENT, true, null);
        held.stage(InMemoryStaging.stagingNameOf(second), CONTENT, true, null);

        CompletableFuture<StoredUpload> firstDone =
                CompletableFuture.supplyAsync(() -> valet.complete("a.bin", idOf(first)));
        assertThat(reading.await(5, TimeUnit.SECONDS)).isTrue();
        assertProblem(() -> valet.complete("b.bin", idOf(second)), UploadProblem.QUEUE_FULL);

        release.countDown();
        assertThat(firstDone.get(5, TimeUnit.SECONDS).name()).isEqualTo("a.bin");
        assertThat(valet.complete("b.bin", idOf(second)).name()).isEqualTo("b.bin");
    }

    @Test
    void aReplicaGivesAtMostItsOpenGrants() {
        ValetKeyService small = replica(staging, 2);
        GrantAnswer first = small.grant(CLIENT, "a.bin", "12", null);
        small.grant(CLIENT, "b.bin", "12", null);
        assertProblem(() -> small.grant(CLIENT, "c.bin", "12", null), ValetKeyProblem.TOO_MANY_GRANTS);

        staging.stage(InMemoryStaging.stagingNameOf(first), CONTENT, false, null);
        small.complete("a.bin", idOf(first));
        GrantAnswer third = small.grant(CLIENT, "c.bin", "12", null);
        assertProblem(() -> small.grant(CLIENT, "d.bin", "12", null), ValetKeyProblem.TOO_MANY_GRANTS);
        clock.advance(Duration.ofMinutes(15));
        assertThat(small.grant(CLIENT, "d.bin", "12", null).name()).isEqualTo("d.bin");
        assertThat(third).isNotNull();
    }

    @Test
    void aClientOverItsShareOfOpenGrantsIsRefusedWhileAnotherStillGetsGrants() {
        ValetKeyService shared = replica(staging, 10, 0.2);
        shared.grant(CLIENT, "a.bin", "12", null);
        GrantAnswer second = shared.grant(CLIENT, "b.bin", "12", null);
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> shared.grant(CLIENT, "c.bin", "12", null))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(ClientProblem.OVER_SHARE));
        assertThat(shared.grant(OTHER, "c.bin", "12", null).name()).isEqualTo("c.bin");

        staging.stage(InMemoryStaging.stagingNameOf(second), CONTENT, false, null);
        shared.complete("b.bin", idOf(second));
        assertThat(shared.grant(CLIENT, "d.bin", "12", null).name()).isEqualTo("d.bin");
        clock.advance(Duration.ofMinutes(15));
        shared.grant(CLIENT, "e.bin", "12", null);
        assertThat(shared.grant(CLIENT, "f.bin", "12", null).name())
                .as("expired grants no longer count against their client")
                .isEqualTo("f.bin");
    }

    private ValetKeyService replica(InMemoryStaging store, int maxOpen) {
        return replica(store, maxOpen, 1.0);
    }

    private ValetKeyService replica(InMemoryStaging store, int maxOpen, double clientShare) {
        ValetKeyProperties properties = new Binder(new MapConfigurationPropertySource(Map.of(
                        "upload.valet-key.max-concurrent-read-backs",
                        "1",
                        "upload.valet-key.max-open-grants",
                        String.valueOf(maxOpen))))
                .bindOrCreate("upload.valet-key", ValetKeyProperties.class);
        return new ValetKeyService(
                new GrantSigner(KEY, List.of()),
                new OpenGrants(
                        maxOpen,
                        new ClientShares(
                                "open grants", ClientShares.limit(maxOpen, clientShare), new SimpleMeterRegistry()),
                        new SimpleMeterRegistry(),
                        clock),
                new CompletionClaims(store, properties.claimTimeout(), clock),
                store,
                new UploadMetrics(registry),
                new CompletionMetrics(registry),
                properties,
                clock);
    }

    private double completions(String method, String result) {
        Counter counter = registry.find("iolab.upload.valet.completions")
                .tag("method", method)
                .tag("result", result)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private double readBytes() {
        return registry.get("iolab.upload.valet.verify.read").counter().count();
    }

    private static String md5Base64(byte[] content) {
        return Base64.getEncoder().encodeToString(InMemoryStaging.md5(content));
    }

    private static String idOf(GrantAnswer grant) {
        return java.net.URLDecoder.decode(
                grant.completeUrl().substring(grant.completeUrl().indexOf("grant=") + "grant=".length()),
                java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void assertProblem(Runnable call, ProblemType expected) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(call::run)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(expected));
    }

    static final class MovableClock extends Clock {

        private volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
