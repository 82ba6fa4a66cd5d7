package dev.iolab.upload.client;

import dev.iolab.upload.web.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One resource shared fairly among clients, in two rules:
 * <ul>
 *   <li><b>a share</b>: each {@link ClientKey} holds at most {@link #limit()} of it at once, so one client cannot take
 *       what everyone shares (upload slots, download slots, whatever else a feature counts per client);
 *   <li><b>a reserve</b> for newcomers: of a resource of {@code capacity}, the last {@link #reserved()} are kept for
 *       clients that hold none of it. A client that holds some may take one more only while more than the reserve is
 *       free, so a few clients that each hold their whole share (four clients at a quarter each) leave room for a
 *       client that holds nothing: it is admitted in its normal time. What the reserve cannot stop is as many clients
 *       as the reserve has units, each taking one: many addresses together need a defence upstream (per-address rate
 *       limits at the balancer), as the service's documentation says.
 * </ul>
 * A client over its share, or holding some while only the reserve is left, is refused with 429 {@code over-share} and
 * {@code Retry-After}; the others are not affected. Counting only: the resource's capacity is its owner's to enforce
 * (503 when it is full for everyone); the count here is the same holds, so the two agree.
 * <p>
 * Counted in this JVM: behind a balancer each replica gives a client its share. Gauges {@code iolab.client.share.limit}
 * and {@code iolab.client.share.reserved}, counter {@code iolab.client.share.refused}, tagged {@code resource}.
 */
public final class ClientShares {

    /** What a client holds of the resource until it closes it; closing more than once gives back once. */
    public interface Hold extends AutoCloseable {

        @Override
        void close();
    }

    private final String resource;
    private final int capacity;
    private final int limit;
    private final int reserved;
    private final Map<ClientKey, Integer> held = new HashMap<>();
    private final Counter refused;
    private int total;

    /**
     * Shares without a reserve: each client holds at most {@code limit}, however many others hold.
     *
     * @param resource what is shared, plural, for refusals and the {@code resource} tag (e.g. {@code upload slots})
     * @param limit most of it one client may hold; at least 1
     */
    public ClientShares(String resource, int limit, MeterRegistry registry) {
        this(resource, Integer.MAX_VALUE, limit, 0, registry);
    }

    /**
     * Shares of a resource of {@code capacity} with a reserve for clients that hold none of it.
     *
     * @param capacity how much of the resource there is (its owner refuses beyond it)
     * @param limit most of it one client may hold; at least 1
     * @param reserved how many of the {@code capacity} only a client that holds none may take ({@link #reserve})
     */
    public ClientShares(String resource, int capacity, int limit, int reserved, MeterRegistry registry) {
        if (limit < 1) {
            throw new IllegalArgumentException("a client's share of " + resource + " must be at least 1, not " + limit);
        }
        if (reserved < 0 || (reserved > 0 && reserved > capacity - limit)) {
            throw new IllegalArgumentException("the reserve of " + resource + " must be 0 to capacity - share ("
                    + capacity + " - " + limit + "), not " + reserved);
        }
        this.resource = resource;
        this.capacity = capacity;
        this.limit = limit;
        this.reserved = reserved;
        Gauge.builder("iolab.client.share.limit", () -> limit)
                .description("Most of a resource one client may hold at once")
                .tag("resource", resource)
                .register(registry);
        Gauge.builder("iolab.client.share.reserved", () -> reserved)
                .description("Of a resource, how much only a client that holds none of it may take")
                .tag("resource", resource)
                .register(registry);
        this.refused = Counter.builder("iolab.client.share.refused")
                .description("Requests refused with 429 because their client held its whole share of a resource, or"
                        + " held some while only the reserve for other clients was left")
                .baseUnit("requests")
                .tag("resource", resource)
                .register(registry);
    }

    /**
     * A client's share of a resource of {@code capacity}: {@code share} of it, rounded down, and at least one.
     *
     * @param share the fraction, 0 to 1
     */
    public static int limit(int capacity, double share) {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("a client's share is a fraction above 0 and at most 1, not " + share);
        }
        return Math.max(1, (int) Math.floor(capacity * share));
    }

    /**
     * The reserve for clients that hold none of a resource of {@code capacity} of which one client may hold {@code
     * limit}: {@code fraction} of it, rounded up, but never so much that a client alone could not take its whole share
     * (at most {@code capacity - limit}; none when one client may hold everything).
     *
     * @param fraction 0 (no reserve) to below 1
     */
    public static int reserve(int capacity, int limit, double fraction) {
        if (!(fraction >= 0 && fraction < 1)) {
            throw new IllegalArgumentException("the reserve is a fraction from 0 to below 1, not " + fraction);
        }
        return Math.max(0, Math.min(capacity - limit, (int) Math.ceil(capacity * fraction)));
    }

    public int limit() {
        return limit;
    }

    public int reserved() {
        return reserved;
    }

    /**
     * Takes one for {@code client}.
     *
     * @throws ProblemException 429 {@code over-share} when it holds {@link #limit()} already, or holds some while no more
     *     than the reserve is free
     */
    public Hold take(ClientKey client) {
        String refusal;
        synchronized (this) {
            int mine = held.getOrDefault(client, 0);
            refusal = refusal(client, mine);
            if (refusal == null) {
                held.put(client, mine + 1);
                total++;
            }
        }
        if (refusal != null) {
            refused.increment();
            throw new ProblemException(ClientProblem.OVER_SHARE, refusal);
        }
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.compareAndSet(true, false)) {
                give(client);
            }
        };
    }

    /** Why {@code client}, holding {@code mine}, may not take one more; null when it may. */
    private String refusal(ClientKey client, int mine) {
        if (mine >= limit) {
            return "this client (" + client + ") holds " + limit + " " + resource + ", its whole share; others are"
                    + " served meanwhile: send again when one of yours has finished";
        }
        if (mine > 0 && total >= capacity - reserved) {
            return "this client (" + client + ") holds " + mine + " " + resource + "; of all " + capacity
                    + ", the last " + reserved
                    + " are kept for clients that hold none: send again when one of yours has finished";
        }
        return null;
    }

    private synchronized void give(ClientKey client) {
        Integer mine = held.get(client);
        if (mine == null) {
            return;
        }
        if (mine <= 1) {
            held.remove(client);
        } else {
            held.put(client, mine - 1);
        }
        total--;
    }

    /** How many {@code client} holds now. */
    public synchronized int held(ClientKey client) {
        return held.getOrDefault(client, 0);
    }

    /** Clients holding at least one now. */
    public synchronized int clients() {
        return held.size();
    }

    /** How many all clients hold now. */
    public synchronized int total() {
        return total;
    }
}
