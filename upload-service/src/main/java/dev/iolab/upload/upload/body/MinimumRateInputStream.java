package dev.iolab.upload.upload.body;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.RequestSocket;
import dev.iolab.upload.web.Causes;
import dev.iolab.upload.web.WebProblem;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.ProxyInputStream;

/**
 * A request body that must arrive at least as fast as a {@link MinimumRate}, counted from when its request head arrived
 * (or, for a body that waited in the queue, from its first read): before each read the connection's read timeout is
 * set to the time left until the next byte is due, so a client that sends too slowly, or nothing at all after
 * {@code Expect: 100-continue}, is cut off by Tomcat's own read timeout and the read fails with a {@link BodyException}
 * 408 {@code body-too-slow}. Every byte a client sends extends its deadline, so no client that keeps up is cut off
 * however large its body; bytes already buffered are read at once, whatever the deadline.
 * <p>
 * Where the connection cannot be reached ({@link RequestSocket#NONE}), a read that returns later than it was allowed
 * to wait (plus a second's slack for scheduling) fails the same way. Not thread-safe: one reader at a time.
 */
final class MinimumRateInputStream extends ProxyInputStream {

    private static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final MinimumRate rate;
    private final long arrivedNanos;
    private final RequestSocket socket;
    private final LongSupplier clock;
    private long count;
    private long baseNanos = -1;
    private long readStartNanos;
    private long allowedNanos;

    /**
     * @param arrivedNanos when the request head arrived, as {@link System#nanoTime()}
     * @param socket the request's connection, whose read timeout this sets before each read
     */
    MinimumRateInputStream(InputStream body, MinimumRate rate, long arrivedNanos, RequestSocket socket) {
        this(body, rate, arrivedNanos, socket, System::nanoTime);
    }

    /** @param clock {@link System#nanoTime()}, or a test's */
    MinimumRateInputStream(
            InputStream body, MinimumRate rate, long arrivedNanos, RequestSocket socket, LongSupplier clock) {
        super(body);
        this.rate = rate;
        this.arrivedNanos = arrivedNanos;
        this.socket = socket;
        this.clock = clock;
    }

    /** Bytes read so far. */
    long count() {
        return count;
    }

    @Override
    protected void beforeRead(int n) {
        readStartNanos = clock.getAsLong();
        if (baseNanos == -1) {
            baseNanos = rate.baseNanos(arrivedNanos, readStartNanos);
        }
        long wait = rate.waitMillis(baseNanos, count, readStartNanos);
        allowedNanos = TimeUnit.MILLISECONDS.toNanos(wait);
        socket.nextReadWaitsAtMost(wait);
    }

    @Override
    protected void afterRead(int n) throws IOException {
        if (socket == RequestSocket.NONE && clock.getAsLong() - readStartNanos > allowedNanos + SLACK_NANOS) {
            throw tooSlow(null);
        }
        if (n > 0) {
            count += n;
        } else if (n == IOUtils.EOF) {
            socket.readEnded();
        }
    }

    @Override
    protected void handleIOException(IOException e) throws IOException {
        socket.readEnded();
        if (Causes.find(e, SocketTimeoutException.class) != null) {
            throw tooSlow(e);
        }
        throw e;
    }

    private BodyException tooSlow(IOException cause) {
        long seconds = TimeUnit.NANOSECONDS.toSeconds(clock.getAsLong() - arrivedNanos);
        BodyException slow = new BodyException(
                WebProblem.BODY_TOO_SLOW,
                "the body sent " + count + " bytes in " + seconds + " s; after the first "
                        + rate.grace().toSeconds() + " s it must keep up " + rate.bytesPerSecond() + " bytes/s");
        if (cause != null) {
            slow.initCause(cause);
        }
        return slow;
    }
}
