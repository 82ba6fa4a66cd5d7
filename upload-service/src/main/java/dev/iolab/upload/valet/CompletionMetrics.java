package dev.iolab.upload.valet;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What completions cost the service: {@code iolab_upload_valet_completions_total{method, result}} (method: {@link
 * Verification}, result {@code accepted} or {@code refused}) and {@code iolab_upload_valet_verify_read_bytes_total},
 * the staged bytes read back because the store could not vouch for them.
 */
final class CompletionMetrics {

    private final MeterRegistry registry;
    private final Counter readBytes;

    CompletionMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.readBytes = Counter.builder("iolab.upload.valet.verify.read")
                .baseUnit("bytes")
                .description("Staged valet-key bytes the service read back to verify them")
                .register(registry);
    }

    void verified(Verification method, boolean accepted) {
        Counter.builder("iolab.upload.valet.completions")
                .description("Valet-key completions that verified a staged blob, by how")
                .tag("method", method.tag())
                .tag("result", accepted ? "accepted" : "refused")
                .register(registry)
                .increment();
    }

    void readBack(long bytes) {
        readBytes.increment(bytes);
    }
}
