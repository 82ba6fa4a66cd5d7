package dev.iolab.upload.valet;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientShares;
import dev.iolab.upload.web.ProblemException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The grants this replica gave that have neither expired nor been completed here, counted so that one replica hands
 * out at most {@code upload.valet-key.max-open-grants} at once (503 {@code too-many-grants} beyond). Grants cost no
 * memory after they are given (they live in their IDs), so the count is per replica and a guard against a flood of
 * grants, not a registry: a grant completed on another replica is counted here until it expires. What is kept per
 * grant is its staging name, expiry and client, until then.
 *
 * <p>Each client holds at most its share of them ({@code upload.client-share.grants}); a client over its share gets 429
 * {@code over-share} while other clients still get grants.
 */
final class OpenGrants {

    private record Entry(String stagingName, Instant expiresAt, ClientShares.Hold share) {}

    private final int maxOpen;
    private final ClientShares shares;
    private final Clock clock;
    private final Map<String, Entry> byStagingName = new java.util.HashMap<>();
    private final PriorityQueue<Entry> byExpiry = new PriorityQueue<>(java.util.Comparator.comparing(Entry::expiresAt));

    /**
     * @param shares each client's share of {@code maxOpen}, with the part kept for clients that hold no open grant
     *               ({@link dev.iolab.upload.client.ClientShareProperties#shares})
     */
    OpenGrants(int maxOpen, ClientShares shares, MeterRegistry registry, Clock clock) {
        this.maxOpen = maxOpen;
        this.shares = shares;
        this.clock = clock;
        Gauge.builder("iolab.upload.valet.grants.open", this, OpenGrants::count)
                .baseUnit("grants")
                .description("Valet-key grants this replica gave that have neither expired nor been completed here")
                .register(registry);
    }

    /**
     * Counts a grant about to be given to {@code client}.
     *
     * @throws ProblemException 503 {@code too-many-grants} when {@code max-open-grants} are open here
     * @throws dev.iolab.upload.web.ProblemException 429 {@code over-share} when {@code client} holds its share
     */
    synchronized void open(ClientKey client, String stagingName, Instant expiresAt) {
        forgetExpired();
        if (byStagingName.size() >= maxOpen) {
            throw new ProblemException(
                    ValetKeyProblem.TOO_MANY_GRANTS,
                    maxOpen + " valet-key grants are open; complete or let some expire, then ask again");
        }
        Entry entry = new Entry(stagingName, expiresAt, shares.take(client));
        byStagingName.put(stagingName, entry);
        byExpiry.add(entry);
    }

    /** The grant was completed, refused or could not be given: it no longer counts. */
    synchronized void close(String stagingName) {
        Entry entry = byStagingName.remove(stagingName);
        if (entry != null) {
            byExpiry.remove(entry);
            entry.share().close();
        }
    }

    /** Grants counted now. */
    synchronized int count() {
        forgetExpired();
        return byStagingName.size();
    }

    private void forgetExpired() {
        Instant now = clock.instant();
        while (!byExpiry.isEmpty() && !byExpiry.peek().expiresAt().isAfter(now)) {
            Entry expired = byExpiry.poll();
            byStagingName.remove(expired.stagingName());
            expired.share().close();
        }
    }
}
