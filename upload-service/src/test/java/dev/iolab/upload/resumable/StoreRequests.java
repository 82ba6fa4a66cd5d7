package dev.iolab.upload.resumable;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.Map;

/**
 * The service's store requests by operation ({@code iolab.upload.store.requests}), counted from one moment on: what a
 * test's own requests cost the store. Container requests and listings are left out: the staging sweep and health
 * checks send those at their own pace.
 */
final class StoreRequests {

    private final MeterRegistry registry;
    private final Map<String, Double> before;

    private StoreRequests(MeterRegistry registry) {
        this.registry = registry;
        this.before = counts(registry);
    }

    /** Starts counting now. */
    static StoreRequests from(MeterRegistry registry) {
        return new StoreRequests(registry);
    }

    /** The requests sent since this was made, by operation, those sent none left out. */
    Map<String, Double> since() {
        Map<String, Double> sent = counts(registry);
        sent.replaceAll((operation, count) -> count - before.getOrDefault(operation, 0.0));
        sent.values().removeIf(count -> count == 0);
        sent.keySet().removeIf(operation -> operation.contains("Container") || operation.equals("List Blobs"));
        return sent;
    }

    private static Map<String, Double> counts(MeterRegistry registry) {
        Map<String, Double> counts = new HashMap<>();
        registry.find("iolab.upload.store.requests")
                .counters()
                .forEach(c -> counts.merge(c.getId().getTag("operation"), c.count(), Double::sum));
        return counts;
    }
}
