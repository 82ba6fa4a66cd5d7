package dev.iolab.upload.transfer;

import dev.iolab.upload.transfer.body.IncomingBody;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Uploads past admission whose bodies are being read or stored, for operators and tests: gauges
 * {@code iolab.upload.inflight} (uploads) and {@code iolab.upload.inflight.received} (bytes received so far by them).
 */
@Component
class InFlightUploads {

    private final Set<IncomingBody> bodies = ConcurrentHashMap.newKeySet();

    InFlightUploads(MeterRegistry registry) {
        Gauge.builder("iolab.upload.inflight", bodies, Set::size)
                .baseUnit("uploads")
                .description("Uploads whose body is being read or stored")
                .register(registry);
        Gauge.builder("iolab.upload.inflight.received", this, InFlightUploads::received)
                .baseUnit("bytes")
                .description("Bytes received so far by the uploads in flight")
                .register(registry);
    }

    /** Counts {@code body} in until the returned handle is closed. */
    AutoCloseable track(IncomingBody body) {
        bodies.add(body);
        return () -> bodies.remove(body);
    }

    long received() {
        return bodies.stream().mapToLong(IncomingBody::count).sum();
    }
}
