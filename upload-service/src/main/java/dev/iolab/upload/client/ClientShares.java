package dev.iolab.upload.client;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One resource shared fairly among clients: each {@link ClientKey} holds at most {@link #limit()} of it at once, so one
 * client cannot take what everyone shares (upload slots, download slots, whatever else a feature counts per client). A client over its
 * share is refused with 429 {@code over-share} and {@code Retry-After}; the others are not affected. Counting only: the
 * resource's own capacity is its owner's to enforce (503 when it is full for everyone).
 * <p>
 * Counted in this JVM: behind a balancer each replica gives a client its share. Gauge {@code iolab.client.share.limit}
 * and counter {@code iolab.client.share.refused}, tagged {@code resource}.
 */
public final class ClientShares {

    /** What a client holds of the resource until it closes it; closing more than once gives back once. */
    public interface Hold extends AutoCloseable {

        @Override
        void close();
    }

    private final String resource;
    private final int limit;
    private final Map<ClientKey, Integer> held = new ConcurrentHashMap<>();
    private final Counter refused;

    /**
     * @param resource what is shared, plural, for refusals and the {@code resource} tag (e.g. {@code upload slots})
     * @param limit most of it one client may hold; at least 1
     */
    public ClientShares(String resource, int limit, MeterRegistry registry) {
        if (limit < 1) {
            throw new IllegalArgumentException("a client's share of " + resource + " must be at least 1, not " + limit);
        }
        this.resource = resource;
        this.limit = limit;
        Gauge.builder("iolab.client.share.limit", () -> limit)
                .description("Most of a resource one client may hold at once")
                .tag("resource", resource)
                .register(registry);
        this.refused = Counter.builder("iolab.client.share.refused")
                .description("Requests refused with 429 because their client held its whole share of a resource")
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

    public int limit() {
        return limit;
    }

    /**
     * Takes one for {@code client}.
     *
     * @throws ClientException 429 {@code over-share} when it holds {@link #limit()} already
     */
    public Hold take(ClientKey client) {
        boolean[] taken = {false};
        held.compute(client, (key, count) -> {
            int now = count == null ? 0 : count;
            if (now >= limit) {
                return count;
            }
            taken[0] = true;
            return now + 1;
        });
        if (!taken[0]) {
            refused.increment();
            throw new ClientException(
                    ClientProblem.OVER_SHARE,
                    "this client (" + client + ") holds " + limit + " " + resource + ", its whole share; others are"
                            + " served meanwhile: send again when one of yours has finished");
        }
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.compareAndSet(true, false)) {
                held.computeIfPresent(client, (key, count) -> count <= 1 ? null : count - 1);
            }
        };
    }

    /** How many {@code client} holds now. */
    public int held(ClientKey client) {
        return held.getOrDefault(client, 0);
    }

    /** Clients holding at least one now. */
    public int clients() {
        return held.size();
    }
}
