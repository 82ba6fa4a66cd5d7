package dev.iolab.upload.connection;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The slowest transfer accepted, stated as Apache httpd's {@code mod_reqtimeout} states it: the transfer has
 * {@code grace} for its first byte and one more second for every {@code bytesPerSecond} bytes after it. In other words
 * the byte after {@code count} is due at {@code base + count / bytesPerSecond}, where the base is {@code grace} after
 * the request arrived. A request body that waited in the queue longer than that has had no chance to keep up (nobody
 * read it, and a client that sent {@code Expect: 100-continue} was not even told to send), so its base is moved to
 * {@code queuedGrace} after its first read: it is judged by whether it keeps up once it is read, and a client that never
 * sends is cut off {@code queuedGrace} after it is asked to.
 *
 * @param bytesPerSecond the minimum average rate after the grace period; 0 or less turns the rule off
 * @param grace time the transfer may take for its first byte
 * @param queuedGrace time a queued transfer gets for its first byte once it is read
 */
public record MinimumRate(long bytesPerSecond, Duration grace, Duration queuedGrace) {

    /** Whether the rule applies at all. */
    public boolean enabled() {
        return bytesPerSecond > 0;
    }

    /**
     * When the first byte is due, as {@link System#nanoTime()}.
     *
     * @param arrivedNanos when the request arrived
     * @param firstReadNanos when the transfer was first read (or written)
     */
    public long baseNanos(long arrivedNanos, long firstReadNanos) {
        return Math.max(arrivedNanos + grace.toNanos(), firstReadNanos + queuedGrace.toNanos());
    }

    /** When the byte after the first {@code count} is due, as {@link System#nanoTime()}. */
    public long deadlineNanos(long baseNanos, long count) {
        double allowance = (double) count * TimeUnit.SECONDS.toNanos(1) / bytesPerSecond;
        return baseNanos + (long) Math.min(allowance, Long.MAX_VALUE / 4.0);
    }

    /**
     * How long, in milliseconds, the next blocking read or write may wait for the byte after {@code count}: until it is
     * due, and at least 1 ms (bytes already buffered are read or written without waiting at all).
     */
    public long waitMillis(long baseNanos, long count, long nowNanos) {
        long untilDue = deadlineNanos(baseNanos, count) - nowNanos;
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(untilDue + TimeUnit.MILLISECONDS.toNanos(1) - 1));
    }
}
