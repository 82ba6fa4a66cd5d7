package dev.iolab.upload.system;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The slowest transfer accepted, stated as Apache httpd's {@code mod_reqtimeout} states it: a transfer that started at
 * {@code start} must have moved {@code bytesPerSecond × (t − start − grace)} bytes by time {@code t}. In other words
 * the deadline for the byte after {@code count} is {@code start + grace + count / bytesPerSecond}: the grace period
 * for the first byte, one more second for every {@code bytesPerSecond} bytes after it. A blocking read or write waits at
 * most until that deadline, and at least {@code minWait}, so a transfer that fell behind while it was not being served
 * (queued) is judged by whether it keeps up once it is.
 *
 * @param bytesPerSecond the minimum average rate after the grace period; 0 or less turns the rule off
 * @param grace time the transfer may take before the rate applies
 * @param minWait shortest wait granted to a single read or write
 */
public record MinimumRate(long bytesPerSecond, Duration grace, Duration minWait) {

    public static MinimumRate of(UploadProperties.Body body) {
        return new MinimumRate(body.minRate().toBytes(), body.grace(), body.minWait());
    }

    public static MinimumRate of(UploadProperties.Download download) {
        return new MinimumRate(download.minRate().toBytes(), download.grace(), download.minWait());
    }

    /** Whether the rule applies at all. */
    public boolean enabled() {
        return bytesPerSecond > 0;
    }

    /**
     * The {@link System#nanoTime()} by which the transfer must have moved more than {@code count} bytes.
     *
     * @param startNanos when the transfer started, as {@link System#nanoTime()}
     */
    public long deadlineNanos(long startNanos, long count) {
        double allowance = (double) count * TimeUnit.SECONDS.toNanos(1) / bytesPerSecond;
        return startNanos + grace.toNanos() + (long) Math.min(allowance, Long.MAX_VALUE / 4.0);
    }

    /**
     * How long, in milliseconds, the next blocking read or write of a transfer that has moved {@code count} bytes may
     * wait: until its deadline, and at least {@link #minWait()}.
     */
    public long waitMillis(long startNanos, long count, long nowNanos) {
        long untilDeadline = TimeUnit.NANOSECONDS.toMillis(deadlineNanos(startNanos, count) - nowNanos);
        return Math.max(minWait.toMillis(), untilDeadline);
    }
}
