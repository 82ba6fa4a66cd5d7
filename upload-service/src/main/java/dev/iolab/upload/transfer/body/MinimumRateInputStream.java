package dev.iolab.upload.transfer.body;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.RequestSocket;
import dev.iolab.upload.transfer.shedding.LoadShedder;
import dev.iolab.upload.web.Causes;
import dev.iolab.upload.web.WebProblem;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.ProxyInputStream;

/**
 * A request body under its deadlines, counted from when its request head arrived (or, for a body that waited in the
 * queue, from its first read):
 * <ul>
 *   <li>the {@link MinimumRate}: each byte is due by the rate ({@code upload.body.min-rate} after {@code grace}), so a
 *       client that sends too slowly, or nothing at all after {@code Expect: 100-continue}, is cut off; a client that
 *       asked first ({@code Expect: 100-continue}) is told to send at the first read and gets {@code queued-grace}
 *       from then for its first byte, not the grace of a client whose bytes may still be on their way;
 *   <li>the longest an upload may take ({@code upload.body.max-duration}), however steadily its bytes come: with the
 *       rate alone, a body that keeps just above it ({@code Content-Length: 1e9} at 600 B/s) held its thread for
 *       weeks;
 *   <li>its {@link BodyLinger}, once the body is of no use: reading the rest to discard it stops then.
 * </ul>
 * Before each read the connection's read timeout is set to the time left until the nearest deadline, so Tomcat itself
 * times the read out, and the read fails with a {@link BodyException} 408 {@code body-too-slow}. Bytes already buffered
 * are read at once, whatever the deadline.
 * <p>
 * Where the connection cannot be reached ({@link RequestSocket#NONE}), a read that returns later than it was allowed
 * to wait (plus a second's slack for scheduling) fails the same way. Not thread-safe: one reader at a time.
 */
final class MinimumRateInputStream extends ProxyInputStream {

    private static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final MinimumRate rate;
    private final long arrivedNanos;
    private final long endNanos;
    private final boolean asked;
    private final BodyLinger linger;
    private final RequestSocket socket;
    private final LongSupplier clock;
    private final LoadShedder shedder;
    private LoadShedder.Watch watch;
    private long count;
    private long baseNanos = -1;
    private long readStartNanos;
    private long allowedNanos;
    private long nextDeadlineNanos;

    /**
     * A body held to the rate alone.
     *
     * @param arrivedNanos when the request head arrived, as {@link System#nanoTime()}
     * @param socket the request's connection, whose read timeout this sets before each read
     */
    MinimumRateInputStream(InputStream body, MinimumRate rate, long arrivedNanos, RequestSocket socket) {
        this(body, rate, arrivedNanos, null, false, new BodyLinger(), socket, System::nanoTime, null);
    }

    /** A body no shedder watches. */
    MinimumRateInputStream(
            InputStream body,
            MinimumRate rate,
            long arrivedNanos,
            Duration maxDuration,
            boolean asked,
            BodyLinger linger,
            RequestSocket socket,
            LongSupplier clock) {
        this(body, rate, arrivedNanos, maxDuration, asked, linger, socket, clock, null);
    }

    /**
     * @param maxDuration the longest the body may take from its arrival, or null for no limit
     * @param asked whether the client sends only once asked ({@code Expect: 100-continue})
     * @param clock {@link System#nanoTime()}, or a test's
     * @param shedder watches the body from its first read and may cut it under pressure ({@link LoadShedder}); null
     *     for none
     */
    MinimumRateInputStream(
            InputStream body,
            MinimumRate rate,
            long arrivedNanos,
            Duration maxDuration,
            boolean asked,
            BodyLinger linger,
            RequestSocket socket,
            LongSupplier clock,
            LoadShedder shedder) {
        super(body);
        this.rate = rate;
        this.arrivedNanos = arrivedNanos;
        this.endNanos = maxDuration == null || maxDuration.isZero() || maxDuration.isNegative()
                ? Long.MAX_VALUE
                : arrivedNanos + maxDuration.toNanos();
        this.asked = asked;
        this.linger = linger;
        this.socket = socket;
        this.clock = clock;
        this.shedder = shedder;
    }

    /** Bytes read so far. */
    long count() {
        return count;
    }

    @Override
    protected void beforeRead(int n) throws BodyException {
        readStartNanos = clock.getAsLong();
        if (baseNanos == -1) {
            baseNanos = asked ? rate.askedBaseNanos(readStartNanos) : rate.baseNanos(arrivedNanos, readStartNanos);
            watch = shedder == null ? null : shedder.watch();
        }
        if (watch != null) {
            String cut = watch.cut();
            if (cut != null) {
                watch.close();
                socket.readEnded();
                throw new BodyException(WebProblem.BODY_TOO_SLOW, cut);
            }
            watch.readStarts();
        }
        long due = rate.enabled() ? rate.deadlineNanos(baseNanos, count) : Long.MAX_VALUE;
        nextDeadlineNanos = Math.min(due, Math.min(endNanos, linger.endNanos()));
        if (nextDeadlineNanos == Long.MAX_VALUE) {
            allowedNanos = Long.MAX_VALUE;
            return; // nothing to time: the connection's own timeout applies
        }
        long wait = Math.max(
                1,
                TimeUnit.NANOSECONDS.toMillis(
                        nextDeadlineNanos - readStartNanos + TimeUnit.MILLISECONDS.toNanos(1) - 1));
        allowedNanos = TimeUnit.MILLISECONDS.toNanos(wait);
        socket.nextReadWaitsAtMost(wait);
    }

    @Override
    protected void afterRead(int n) throws IOException {
        if (socket == RequestSocket.NONE
                && allowedNanos != Long.MAX_VALUE
                && clock.getAsLong() - readStartNanos > allowedNanos + SLACK_NANOS) {
            throw tooSlow(null);
        }
        if (n > 0) {
            count += n;
        } else if (n == IOUtils.EOF) {
            socket.readEnded();
            unwatch();
        }
        if (watch != null) {
            watch.readEnded(count);
        }
    }

    @Override
    protected void handleIOException(IOException e) throws IOException {
        socket.readEnded();
        unwatch();
        if (e instanceof BodyException) {
            throw e;
        }
        if (Causes.find(e, SocketTimeoutException.class) != null) {
            throw tooSlow(e);
        }
        throw e;
    }

    @Override
    public void close() throws IOException {
        unwatch();
        super.close();
    }

    private void unwatch() {
        if (watch != null) {
            watch.close();
        }
    }

    private BodyException tooSlow(IOException cause) {
        long seconds = TimeUnit.NANOSECONDS.toSeconds(clock.getAsLong() - arrivedNanos);
        String detail;
        if (nextDeadlineNanos == linger.endNanos()) {
            detail = "the upload was refused and the rest of its body was not read in time";
        } else if (nextDeadlineNanos == endNanos) {
            detail = "the body sent " + count + " bytes in " + seconds + " s; an upload may take at most "
                    + TimeUnit.NANOSECONDS.toSeconds(endNanos - arrivedNanos) + " s";
        } else {
            detail = "the body sent " + count + " bytes in " + seconds + " s; after the first "
                    + rate.grace().toSeconds() + " s it must keep up " + rate.bytesPerSecond() + " bytes/s";
        }
        BodyException slow = new BodyException(WebProblem.BODY_TOO_SLOW, detail);
        if (cause != null) {
            slow.initCause(cause);
        }
        return slow;
    }
}
