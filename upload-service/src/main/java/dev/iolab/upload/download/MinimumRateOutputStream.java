package dev.iolab.upload.download;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.RequestSocket;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.commons.io.output.ProxyOutputStream;

/**
 * A response body under its deadlines, counted from the first write:
 * <ul>
 *   <li>the {@link MinimumRate}: each byte is due by the rate, after the grace period;
 *   <li>judged over a recent window ({@code window}): however far ahead of the rate the reader was, the next slice is
 *       due at most {@code window} plus the slice's own time at the rate from now. Bytes the kernel's socket buffers
 *       accepted count as taken, and a reader that never reads gets megabytes into them at once; by the average alone
 *       those bought it hours (4 MiB at 500 B/s: 2.3 h), by the window they buy it {@code window};
 *   <li>the longest the download may take ({@code maxDuration}), however steadily the reader takes it.
 * </ul>
 * Writes go out in slices of at most {@value #SLICE} bytes, and before each the connection's write timeout is set to
 * the time left until the slice is due, so Tomcat's own write timeout cuts off a reader that stalls or crawls, and the
 * write fails with a {@link SlowReaderException}. Not thread-safe.
 */
final class MinimumRateOutputStream extends ProxyOutputStream {

    /** Bytes per write handed to Tomcat: a finer grain than a chunk, so a stall is noticed within its deadline. */
    static final int SLICE = 16 * 1024;

    private final MinimumRate rate;
    private final long windowNanos;
    private final Duration maxDuration;
    private final long endNanos;
    private final RequestSocket socket;
    private final LongSupplier clock;
    private final long baseNanos;
    private long count;
    private String rule = "";

    /** A body held to the rate alone, averaged since its start, without a longest duration. */
    MinimumRateOutputStream(OutputStream response, MinimumRate rate, RequestSocket socket) {
        this(response, rate, Duration.ZERO, Duration.ZERO, socket, System::nanoTime);
    }

    /**
     * @param window how far ahead of the rate a reader's credit reaches; zero or less: no window (the average since
     *     the start alone)
     * @param maxDuration the longest the body may take from now; zero or less: no limit
     * @param clock {@link System#nanoTime()}, or a test's
     */
    MinimumRateOutputStream(
            OutputStream response,
            MinimumRate rate,
            Duration window,
            Duration maxDuration,
            RequestSocket socket,
            LongSupplier clock) {
        super(response);
        this.rate = rate;
        this.windowNanos = window.isNegative() ? 0 : window.toNanos();
        this.maxDuration = maxDuration;
        this.socket = socket;
        this.clock = clock;
        long now = clock.getAsLong();
        this.baseNanos = rate.baseNanos(now, now);
        this.endNanos = maxDuration.isZero() || maxDuration.isNegative() ? Long.MAX_VALUE : now + maxDuration.toNanos();
    }

    /** Bytes the reader has taken so far. */
    long count() {
        return count;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        for (int done = 0; done < length; ) {
            int slice = Math.min(SLICE, length - done);
            super.write(bytes, offset + done, slice);
            done += slice;
        }
    }

    @Override
    protected void beforeWrite(int n) throws IOException {
        long now = clock.getAsLong();
        if (now - endNanos >= 0) {
            throw new SlowReaderException(count, longest(), null);
        }
        long due = endNanos;
        rule = longest();
        if (rate.enabled()) {
            long byRate = rate.deadlineNanos(baseNanos, count + n);
            if (byRate < due) {
                due = byRate;
                rule = average();
            }
            long byWindow = count > 0 && windowNanos > 0 ? rate.deadlineNanos(now + windowNanos, n) : Long.MAX_VALUE;
            if (byWindow < due) {
                due = byWindow;
                rule = "slower than " + rate.bytesPerSecond() + " bytes/s over the last "
                        + TimeUnit.NANOSECONDS.toSeconds(windowNanos) + " s";
            }
        }
        if (due != Long.MAX_VALUE) {
            long millis = TimeUnit.NANOSECONDS.toMillis(due - now + TimeUnit.MILLISECONDS.toNanos(1) - 1);
            socket.nextWriteWaitsAtMost(Math.max(1, millis));
        }
    }

    @Override
    protected void afterWrite(int n) {
        count += n;
    }

    @Override
    protected void handleIOException(IOException e) throws IOException {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                throw new SlowReaderException(count, rule.isEmpty() ? average() : rule, e);
            }
        }
        throw e;
    }

    private String average() {
        return "slower than " + rate.bytesPerSecond() + " bytes/s after "
                + rate.grace().toSeconds() + " s for the first";
    }

    private String longest() {
        return "longer than the download's " + maxDuration.toSeconds() + " s";
    }

    /** The reader took the response slower than the minimum rate, or longer than its longest time, and was cut off. */
    static final class SlowReaderException extends IOException {

        SlowReaderException(long count, String rule, IOException cause) {
            super("the reader took " + count + " bytes, " + rule, cause);
        }
    }
}
