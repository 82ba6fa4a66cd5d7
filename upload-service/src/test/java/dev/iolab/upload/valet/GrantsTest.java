package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.web.ProblemType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The life of a grant, on a clock the test moves: open, claimed once, done or expired, forgotten. */
class GrantsTest {

    private final MovableClock clock = new MovableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final List<String> deleted = new ArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Grants grants = new Grants(Duration.ofMinutes(15), 2, new DeletingStaging(), registry, clock);

    @AfterEach
    void stop() {
        grants.destroy();
    }

    @Test
    void aGrantIsClaimedOnceAndUsedUpWhenDone() {
        Grant grant = grants.open("a.bin", 10, null);
        assertThat(grant.expiresAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(15)));
        assertThat(grant.id()).hasSize(22);

        assertThat(grants.claim(grant.id(), "a.bin")).isEqualTo(grant);
        assertProblem(() -> grants.claim(grant.id(), "a.bin"), ValetKeyProblem.GRANT_USED);
        grants.done(grant);
        assertProblem(() -> grants.claim(grant.id(), "a.bin"), ValetKeyProblem.GRANT_USED);
        assertThat(registry.get("iolab.upload.valet.grants.open").gauge().value())
                .isZero();
    }

    @Test
    void aReopenedGrantCanBeClaimedAgain() {
        Grant grant = grants.open("a.bin", 10, null);
        grants.claim(grant.id(), "a.bin");
        grants.reopen(grant);
        assertThat(grants.claim(grant.id(), "a.bin")).isEqualTo(grant);
    }

    @Test
    void aGrantIsForItsNameOnly() {
        Grant grant = grants.open("a.bin", 10, null);
        assertProblem(() -> grants.claim(grant.id(), "b.bin"), ValetKeyProblem.GRANT_NOT_FOUND);
        assertProblem(() -> grants.claim("unknown", "a.bin"), ValetKeyProblem.GRANT_NOT_FOUND);
        assertProblem(() -> grants.claim(null, "a.bin"), ValetKeyProblem.GRANT_NOT_FOUND);
    }

    @Test
    void anExpiredGrantIsGoneItsStagingBlobDeletedAndLaterForgotten() {
        Grant grant = grants.open("a.bin", 10, null);
        clock.advance(Duration.ofMinutes(15));
        assertProblem(() -> grants.claim(grant.id(), "a.bin"), ValetKeyProblem.GRANT_EXPIRED);

        grants.purge();
        assertThat(deleted).containsExactly(grant.stagingName());
        assertThat(grants.openCount()).isZero();
        assertProblem(() -> grants.claim(grant.id(), "a.bin"), ValetKeyProblem.GRANT_EXPIRED);

        clock.advance(Duration.ofMinutes(16));
        grants.purge();
        assertProblem(() -> grants.claim(grant.id(), "a.bin"), ValetKeyProblem.GRANT_NOT_FOUND);
    }

    @Test
    void refusesMoreOpenGrantsThanAllowed() {
        Grant first = grants.open("a.bin", 10, null);
        grants.open("b.bin", 10, null);
        assertProblem(() -> grants.open("c.bin", 10, null), ValetKeyProblem.TOO_MANY_GRANTS);
        grants.claim(first.id(), "a.bin");
        grants.done(first);
        assertThat(grants.open("c.bin", 10, null)).isNotNull();
    }

    private static void assertProblem(Runnable call, ProblemType expected) {
        assertThatExceptionOfType(ValetKeyException.class)
                .isThrownBy(call::run)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(expected));
    }

    private final class DeletingStaging implements StagingArea {

        private int names;

        @Override
        public String newName(String prefix) {
            return prefix + "/" + names++;
        }

        @Override
        public URI writeUrl(String stagingName, OffsetDateTime expiresAt, URI publicEndpoint) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<StagedBlob> find(String stagingName) {
            return Optional.empty();
        }

        @Override
        public StagedDigest digest(String stagingName, String etag) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void promote(String stagingName, String etag, String name, byte[] md5) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void delete(String stagingName) {
            deleted.add(stagingName);
        }

        @Override
        public int sweep(Instant cutoff) {
            return 0;
        }
    }

    static final class MovableClock extends Clock {

        private Instant now;

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
