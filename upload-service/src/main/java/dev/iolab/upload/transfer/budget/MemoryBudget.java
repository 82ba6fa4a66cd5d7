package dev.iolab.upload.transfer.budget;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.springframework.stereotype.Component;

/**
 * A byte budget for heap held by running uploads: an upload starts only if its strategy's cost fits, grows its
 * reservation as its bytes arrive when it holds them ({@code in-memory}), and gives the bytes back when it ends,
 * however it ends (a {@link Reservation} closed in a {@code finally} or try-with-resources). No single request may
 * hold more than {@link #maxRequest()} ({@code upload.memory-budget.request-share} of the budget), so none can corner
 * it. When disabled every reservation succeeds and is still counted, so the gauge shows what would have been held.
 * Gauges {@code iolab.upload.memory.budget.used} and {@code .max} (bytes).
 *
 * <p>Uploads that grow together can all find the budget full at once; refusing each of them would give back every
 * byte and store nothing. So the first growth that does not fit waits (up to {@code upload.memory-budget.grow-wait})
 * for room, and while it waits every other growth is refused at once and no new reservation may take the bytes it
 * waits for: the refused uploads give their bytes back, and the waiting one goes on. At most one upload waits.
 */
@Component
public class MemoryBudget {

    private final boolean enabled;
    private final long max;
    private final long maxRequest;
    private final long growWaitNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition released = lock.newCondition();
    /** Bytes held by all reservations; written under {@link #lock}. */
    private volatile long used;
    /** The reservation waiting for room to grow, or null; guarded by {@link #lock}. */
    private Reservation waiter;
    /** The bytes {@link #waiter} waits for; guarded by {@link #lock}. */
    private long waitedFor;

    public MemoryBudget(MemoryBudgetProperties settings, MeterRegistry registry) {
        this.enabled = settings.enabled();
        this.max = settings.effectiveMaxBytes();
        this.maxRequest = settings.maxRequestBytes();
        this.growWaitNanos = settings.growWait().toNanos();
        Gauge.builder("iolab.upload.memory.budget.used", this, MemoryBudget::used)
                .baseUnit("bytes")
                .description("Bytes of the memory budget held by running uploads")
                .register(registry);
        Gauge.builder("iolab.upload.memory.budget.max", this, MemoryBudget::max)
                .baseUnit("bytes")
                .description("Size of the memory budget")
                .register(registry);
    }

    /**
     * Reserves {@code bytes} if they fit beside what is held (and what a waiting upload waits for) and within one
     * request's share.
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
        lock.lock();
        try {
            if (!fits(bytes + waitedFor)) {
                return Optional.empty();
            }
            used += bytes;
            return Optional.of(new Reservation(bytes));
        } finally {
            lock.unlock();
        }
    }

    /** Whether {@code bytes} more fit beside what is held; caller holds {@link #lock}. */
    private boolean fits(long bytes) {
        return !enabled || used + bytes <= max;
    }

    /** Bytes held by all reservations now. */
    public long used() {
        return used;
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

        /** Guarded by {@link MemoryBudget#lock}. */
        private long held;

        private boolean closed;

        private Reservation(long bytes) {
            this.held = bytes;
        }

        /** Bytes this reservation holds: its size until closed, 0 after. */
        long bytes() {
            lock.lock();
            try {
                return held;
            } finally {
                lock.unlock();
            }
        }

        /**
         * Adds {@code bytes} to this reservation if they fit in the budget and within one request's share. When the
         * budget is full and no other upload waits, waits up to {@code grow-wait} for room; when another upload
         * waits, refuses at once. An interrupted wait refuses, with the thread's interrupt status set.
         *
         * @return false (nothing added) when they do not fit
         */
        public boolean tryGrow(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("a reservation cannot grow by a negative amount: " + bytes);
            }
            lock.lock();
            try {
                if (closed || (enabled && held + bytes > maxRequest)) {
                    return false;
                }
                if (waiter == null && fits(bytes)) {
                    grow(bytes);
                    return true;
                }
                if (waiter != null || growWaitNanos <= 0) {
                    return false;
                }
                waiter = this;
                waitedFor = bytes;
                try {
                    long remaining = growWaitNanos;
                    while (!fits(bytes)) {
                        if (remaining <= 0 || closed) {
                            return false;
                        }
                        remaining = released.awaitNanos(remaining);
                    }
                    grow(bytes);
                    return true;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                } finally {
                    waiter = null;
                    waitedFor = 0;
                }
            } finally {
                lock.unlock();
            }
        }

        /** Caller holds {@link MemoryBudget#lock} and has checked that the bytes fit. */
        private void grow(long bytes) {
            used += bytes;
            held += bytes;
        }

        @Override
        public void close() {
            lock.lock();
            try {
                closed = true;
                used -= held;
                held = 0;
                released.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Whether an upload waits for room now. */
    boolean hasWaiter() {
        lock.lock();
        try {
            return waiter != null;
        } finally {
            lock.unlock();
        }
    }
}
