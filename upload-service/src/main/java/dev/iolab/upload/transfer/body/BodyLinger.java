package dev.iolab.upload.transfer.body;

import java.time.Duration;

/**
 * The moment after which nobody waits for more of a request's body: set once the body is known to be of no use (its
 * upload was refused while the client was still sending), so that discarding the rest, which lets the client read its
 * answer instead of a connection reset, ends in time however slowly the client sends. Every read of the request's
 * guarded body ({@link MinimumRateInputStream}) waits no longer than that.
 */
public final class BodyLinger {

    private volatile long endNanos = Long.MAX_VALUE;

    /** Reads wait at most {@code time} from now. */
    public void start(Duration time) {
        endNanos = System.nanoTime() + time.toNanos();
    }

    /** When reads stop waiting, as {@link System#nanoTime()}; {@link Long#MAX_VALUE} before {@link #start}. */
    long endNanos() {
        return endNanos;
    }
}
