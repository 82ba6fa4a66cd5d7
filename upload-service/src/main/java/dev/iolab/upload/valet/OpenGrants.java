package dev.iolab.upload.valet;

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
 * grant is its staging name and expiry, until then.
 */
final class OpenGrants {

    private record Entry(String stagingName, Instant expiresAt) {}

    private final int maxOpen;
    private final Clock clock;
    private final Map<String, Entry> byStagingName = new java.util.HashMap<>();
    private final PriorityQueue<Entry> byExpiry = new PriorityQueue<>(java.util.Comparator.comparing(Entry::expiresAt));

    OpenGrants(int maxOpen, MeterRegistry registry, Clock clock) {
        this.maxOpen = maxOpen;
        this.clock = clock;
        Gauge.builder("iolab.upload.valet.grants.open", this, OpenGrants::count)
                .baseUnit("grants")
                .description("Valet-key grants this replica gave that have neither expired nor been completed here")
                .register(registry);
    }

    /**
     * Counts a grant about to be given.
     *
     * @throws ValetKeyException 503 {@code too-many-grants} when {@code max-open-grants} are open here
     */
    synchronized void open(String stagingName, Instant expiresAt) {
        forgetExpired();
        if (byStagingName.size() >= maxOpen) {
            throw new ValetKeyException(
                    ValetKeyProblem.TOO_MANY_GRANTS,
                    maxOpen + " valet-key grants are open; complete or let some expire, then ask again");
        }
        Entry entry = new Entry(stagingName, expiresAt);
        byStagingName.put(stagingName, entry);
        byExpiry.add(entry);
    }

    /** The grant was completed, refused or could not be given: it no longer counts. */
    synchronized void close(String stagingName) {
        Entry entry = byStagingName.remove(stagingName);
        if (entry != null) {
            byExpiry.remove(entry);
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
            byStagingName.remove(byExpiry.poll().stagingName());
        }
    }
}
