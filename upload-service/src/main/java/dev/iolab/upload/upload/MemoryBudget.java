package dev.iolab.upload.upload;

import dev.iolab.upload.metrics.UploadMetrics;
import dev.iolab.upload.system.UploadProperties;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * A byte budget for heap held by running uploads: an upload starts only if its strategy's cost fits, and gives the
 * bytes back when it ends, however it ends (a {@link Reservation} closed in a {@code finally} or
 * try-with-resources). When disabled every reservation succeeds and is still counted, so the gauge shows what would
 * have been held.
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

    /**
     * Reserves {@code bytes} if they fit beside what is held.
     *
     * @return the reservation, or empty (nothing reserved) when the bytes do not fit
     */
    Optional<Reservation> tryReserve(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a reservation cannot be negative: " + bytes);
        }
        while (true) {
            long current = used.get();
            if (enabled && current + bytes > max) {
                return Optional.empty();
            }
            if (used.compareAndSet(current, current + bytes)) {
                return Optional.of(new Reservation(bytes));
            }
        }
    }

    /** Bytes held by all reservations now. */
    long used() {
        return used.get();
    }

    /** The budget in bytes. */
    long max() {
        return max;
    }

    /** Bytes held for one upload; {@link #close()} gives them back, once, however often it is called. */
    final class Reservation implements AutoCloseable {

        private final AtomicLong held;

        private Reservation(long bytes) {
            this.held = new AtomicLong(bytes);
        }

        /** Bytes this reservation holds: its size until closed, 0 after. */
        long bytes() {
            return held.get();
        }

        @Override
        public void close() {
            used.addAndGet(-held.getAndSet(0));
        }
    }
}
