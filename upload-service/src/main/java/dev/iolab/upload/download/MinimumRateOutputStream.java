package dev.iolab.upload.download;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.RequestSocket;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import org.apache.commons.io.output.ProxyOutputStream;

/**
 * A response body that its reader must take at least as fast as a {@link MinimumRate}, counted from the first byte:
 * writes go out in slices of at most {@value #SLICE} bytes, and before each the connection's write timeout is set to the
 * time left until the slice is due, so Tomcat's own write timeout cuts off a reader that stalls or crawls, and the
 * write fails with a {@link SlowReaderException}. Bytes the kernel's socket buffers accepted count as taken. Not
 * thread-safe.
 */
final class MinimumRateOutputStream extends ProxyOutputStream {

    /** Bytes per write handed to Tomcat: a finer grain than a chunk, so a stall is noticed within its deadline. */
    static final int SLICE = 16 * 1024;

    private final MinimumRate rate;
    private final RequestSocket socket;
    private final long baseNanos;
    private long count;

    MinimumRateOutputStream(OutputStream response, MinimumRate rate, RequestSocket socket) {
        super(response);
        this.rate = rate;
        this.socket = socket;
        long now = System.nanoTime();
        this.baseNanos = rate.baseNanos(now, now);
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
    protected void beforeWrite(int n) {
        if (rate.enabled()) {
            socket.nextWriteWaitsAtMost(rate.waitMillis(baseNanos, count + n, System.nanoTime()));
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
                throw new SlowReaderException(count, rate, e);
            }
        }
        throw e;
    }

    /** The reader took the response slower than the minimum rate and was cut off. */
    static final class SlowReaderException extends IOException {

        SlowReaderException(long count, MinimumRate rate, IOException cause) {
            super(
                    "the reader took " + count + " bytes, slower than " + rate.bytesPerSecond() + " bytes/s after "
                            + rate.grace().toSeconds() + " s for the first",
                    cause);
        }
    }
}
