package dev.iolab.upload.transfer.shedding;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * A body's rate over the last {@code window}, from samples of its byte count: judged over a recent window rather than
 * since its start, so a body that sent fast at first and then trickles is seen as the trickle it has become. Not
 * thread-safe: one sampler.
 */
final class RecentRate {

    private final long windowNanos;
    private final ArrayDeque<long[]> samples = new ArrayDeque<>();

    RecentRate(long windowNanos) {
        this.windowNanos = windowNanos;
    }

    /** The body had read {@code count} bytes at {@code nanos} ({@link System#nanoTime()}); samples come in order. */
    void sample(long nanos, long count) {
        samples.addLast(new long[] {nanos, count});
        // Keep one sample at or before the window's start, drop the older ones.
        while (samples.size() > 2) {
            long[] first = samples.removeFirst();
            if (nanos - samples.peekFirst()[0] < windowNanos) {
                samples.addFirst(first);
                break;
            }
        }
    }

    /** Bytes per second over at least the last window, or -1 when the body has been sampled for less than that. */
    double bytesPerSecond() {
        if (samples.size() < 2) {
            return -1;
        }
        long[] first = samples.peekFirst();
        long[] last = samples.peekLast();
        long nanos = last[0] - first[0];
        if (nanos < windowNanos) {
            return -1;
        }
        return (last[1] - first[1]) * (double) TimeUnit.SECONDS.toNanos(1) / nanos;
    }
}
