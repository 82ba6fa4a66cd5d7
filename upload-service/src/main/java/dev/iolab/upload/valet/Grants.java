package dev.iolab.upload.valet;

import dev.iolab.upload.storage.StagingArea;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;

/**
 * The grants the service has given, in its memory: open until completed or expired, then kept for one more
 * {@code ttl} so that a reused or late completion gets its own answer (409 used, 410 expired) instead of 404. At most
 * {@code upload.valet-key.max-open-grants} are open at once (503 beyond), so granting cannot exhaust the heap. A
 * purge every few seconds forgets old grants and deletes the staging blobs of expired, uncompleted ones (their SAS
 * no longer writes). A restart forgets every grant: clients ask for a new one, and the staging sweep removes what the
 * old ones left.
 */
class Grants implements DisposableBean {

    private enum State {
        OPEN,
        COMPLETING,
        DONE,
        EXPIRED
    }

    private static final class Entry {
        final Grant grant;
        State state = State.OPEN;

        Entry(Grant grant) {
            this.grant = grant;
        }
    }

    private final Map<String, Entry> byId = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private final SecureRandom random = new SecureRandom();
    private final StagingArea staging;
    private final Duration ttl;
    private final int maxOpen;
    private final Clock clock;
    private final ScheduledExecutorService purger;

    Grants(Duration ttl, int maxOpen, StagingArea staging, MeterRegistry registry, Clock clock) {
        this.ttl = ttl;
        this.maxOpen = maxOpen;
        this.staging = staging;
        this.clock = clock;
        Gauge.builder("iolab.upload.valet.grants.open", open, AtomicInteger::get)
                .baseUnit("grants")
                .description("Valet-key grants neither completed nor expired")
                .register(registry);
        this.purger = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "valet-grant-purge");
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.clamp(ttl.toMillis() / 10, 1_000, 60_000);
        purger.scheduleWithFixedDelay(this::purge, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Opens a grant for {@code name}.
     *
     * @throws ValetKeyException 503 too-many-grants when {@code max-open-grants} are open
     */
    Grant open(String name, long size, byte[] md5) {
        if (open.incrementAndGet() > maxOpen) {
            open.decrementAndGet();
            throw new ValetKeyException(
                    ValetKeyProblem.TOO_MANY_GRANTS,
                    maxOpen + " valet-key grants are open; complete or let some expire, then ask again");
        }
        byte[] id = new byte[16];
        random.nextBytes(id);
        String grantId = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        Grant grant = new Grant(
                grantId,
                name,
                size,
                md5,
                staging.newName("valet"),
                clock.instant().plus(ttl));
        byId.put(grantId, new Entry(grant));
        return grant;
    }

    /** Forgets a grant whose answer could not be given (e.g. its SAS could not be signed). */
    void discard(Grant grant) {
        if (byId.remove(grant.id()) != null) {
            open.decrementAndGet();
        }
    }

    /**
     * Takes an open grant for completion: only one completion runs per grant.
     *
     * @throws ValetKeyException 404 unknown (or for another name), 410 expired, 409 used or being completed
     */
    Grant claim(String id, String name) {
        Entry entry = id == null ? null : byId.get(id);
        if (entry == null || !entry.grant.name().equals(name)) {
            throw new ValetKeyException(
                    ValetKeyProblem.GRANT_NOT_FOUND,
                    "no grant '" + id + "' for this name (grants are forgotten " + ttl
                            + " after they expire, and when the service restarts)");
        }
        synchronized (entry) {
            switch (entry.state) {
                case DONE ->
                    throw new ValetKeyException(
                            ValetKeyProblem.GRANT_USED, "grant '" + id + "' was completed already; ask for a new one");
                case EXPIRED -> throw expired(entry.grant);
                case COMPLETING ->
                    throw new ValetKeyException(
                            ValetKeyProblem.GRANT_USED, "grant '" + id + "' is being completed by another request");
                case OPEN -> {
                    if (!clock.instant().isBefore(entry.grant.expiresAt())) {
                        throw expired(entry.grant);
                    }
                    entry.state = State.COMPLETING;
                    return entry.grant;
                }
            }
        }
        throw new IllegalStateException(entry.state.toString());
    }

    private static ValetKeyException expired(Grant grant) {
        return new ValetKeyException(
                ValetKeyProblem.GRANT_EXPIRED,
                "grant '" + grant.id() + "' expired at " + grant.expiresAt() + "; ask for a new one");
    }

    /** A claimed grant goes back to open: nothing final happened (nothing staged yet, or it changed meanwhile). */
    void reopen(Grant grant) {
        transition(grant, State.OPEN);
    }

    /** A claimed grant is used up: completed, or its bytes were refused. */
    void done(Grant grant) {
        if (transition(grant, State.DONE)) {
            open.decrementAndGet();
        }
    }

    private boolean transition(Grant grant, State to) {
        Entry entry = byId.get(grant.id());
        if (entry == null) {
            return false;
        }
        synchronized (entry) {
            if (entry.state != State.COMPLETING) {
                return false;
            }
            entry.state = to;
            return true;
        }
    }

    /** Grants neither completed nor expired... nor purged yet. */
    int openCount() {
        return open.get();
    }

    /**
     * Forgets grants a {@code ttl} after they expired, and deletes the staging blobs of those that expired open (the
     * SAS no longer writes them).
     */
    void purge() {
        Instant now = clock.instant();
        for (Iterator<Entry> it = byId.values().iterator(); it.hasNext(); ) {
            Entry entry = it.next();
            synchronized (entry) {
                if (entry.state == State.OPEN && !now.isBefore(entry.grant.expiresAt())) {
                    entry.state = State.EXPIRED;
                    open.decrementAndGet();
                    staging.delete(entry.grant.stagingName());
                }
                if ((entry.state == State.DONE || entry.state == State.EXPIRED)
                        && now.isAfter(entry.grant.expiresAt().plus(ttl))) {
                    it.remove();
                }
            }
        }
    }

    @Override
    public void destroy() {
        purger.shutdownNow();
    }
}
