package dev.iolab.upload.upload.budget;

import dev.iolab.upload.system.UploadProperties;
import dev.iolab.upload.upload.UploadMetrics;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * A byte budget for heap held by running uploads: an upload starts only if its strategy's cost fits, grows its
 * reservation as its bytes arrive when it holds them ({@code in-memory}), and gives the bytes back when it ends,
 * however it ends (a {@link Reservation} closed in a {@code finally} or try-with-resources). No single request may
 * hold more than {@link #maxRequest()} ({@code upload.memory-budget.request-share} of the budget), so none can corner
 * it. When disabled every reservation succeeds and is still counted, so the gauge shows what would have been held.
 */
@Component
public class MemoryBudget {

    private final boolean enabled;
    private final long max;
    private final long maxRequest;
    private final AtomicLong used = new AtomicLong();

    public MemoryBudget(UploadProperties properties, UploadMetrics metrics) {
        this.enabled = properties.memoryBudget().enabled();
        this.max = properties.memoryBudget().effectiveMaxBytes();
        this.maxRequest = properties.memoryBudget().maxRequestBytes();
        metrics.budgetGauges(this, MemoryBudget::used, MemoryBudget::max);
    }

    /**
     * Reserves {@code bytes} if they fit beside what is held and within one request's share.
     *
     * @return the reservation, or empty (nothing reserved) when the bytes do not fit
     */
    public Optional<Reservation> tryReserve(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a reservation cannot be negative: " + bytes);
        }
        if (enabled && bytes > maxRequest) {
            return Optional.empty();
        }
        return take(bytes) ? Optional.of(new Reservation(bytes)) : Optional.empty();
    }

    private boolean take(long bytes) {
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

    /** Bytes held by all reservations now. */
    public long used() {
        return used.get();
    }

    /** The budget in bytes. */
    public long max() {
        return max;
    }

    /** Most bytes one request may hold. */
    public long maxRequest() {
        return maxRequest;
    }

    /** Bytes held for one upload; {@link #close()} gives them back, once, however often it is called. */
    public final class Reservation implements AutoCloseable {

        private final AtomicLong held;
        private volatile boolean closed;

        private Reservation(long bytes) {
            this.held = new AtomicLong(bytes);
        }

        /** Bytes this reservation holds: its size until closed, 0 after. */
        long bytes() {
            return held.get();
        }

        /**
         * Adds {@code bytes} to this reservation if they fit in the budget and within one request's share.
         *
         * @return false (nothing added) when they do not fit
         */
        public synchronized boolean tryGrow(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("a reservation cannot grow by a negative amount: " + bytes);
            }
            if (closed || (enabled && held.get() + bytes > maxRequest) || !take(bytes)) {
                return false;
            }
            held.addAndGet(bytes);
            return true;
        }

        @Override
        public synchronized void close() {
            closed = true;
            used.addAndGet(-held.getAndSet(0));
        }
    }
}
