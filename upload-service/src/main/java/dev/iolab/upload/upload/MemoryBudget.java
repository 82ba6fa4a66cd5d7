package dev.iolab.upload.upload;

import dev.iolab.upload.metrics.UploadMetrics;
import dev.iolab.upload.system.UploadProperties;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * A byte budget for heap held by running uploads: an upload starts only if its strategy's cost fits, and gives
 * the bytes back when it ends, however it ends. When disabled every reservation succeeds (and is still counted,
 * so the gauge shows what would have been held).
 */
@Component
class MemoryBudget {

    private final boolean enabled;
    private final long max;
    private final AtomicLong used = new AtomicLong();

    MemoryBudget(UploadProperties properties, UploadMetrics metrics) {
        this.enabled = properties.memoryBudget().enabled();
        this.max = properties.memoryBudget().effectiveMaxBytes();
        metrics.budgetGauges(this, MemoryBudget::used, MemoryBudget::max);
    }

    /** Reserves {@code bytes} if they fit; false (nothing reserved) otherwise. */
    boolean tryAcquire(long bytes) {
        while (true) {
            long current = used.get();
            if (enabled && current + bytes > max) {
                return false;
            }
            if (used.compareAndSet(current, current + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    long used() {
        return used.get();
    }

    long max() {
        return max;
    }
}
