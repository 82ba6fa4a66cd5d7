package dev.iolab.upload.storage;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;

/**
 * A request body the calling thread pushes to the SDK's HTTP client chunk by chunk, each only when the client asks for
 * one (Reactive Streams demand). The thread that reads the upload's source blocks on it — never the HTTP client's
 * event loop, which a slow source would otherwise stall for every other request on that loop — and what the client
 * holds is bounded by its demand: OkHttp asks for one chunk at a time, Reactor Netty for at most {@code
 * reactor.netty.send.maxPrefetchSize} (128, the service sets 12) ahead of its writes. A body can be sent once (no
 * retries replay it).
 */
final class PushedBody {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Flux<ByteBuffer> flux;
    private FluxSink<ByteBuffer> sink;
    private boolean gone;
    private Throwable failure;
    private boolean completed;

    PushedBody() {
        this.flux = Flux.create(this::attach, FluxSink.OverflowStrategy.ERROR);
    }

    /** The body for the SDK. */
    Flux<ByteBuffer> flux() {
        return flux;
    }

    private void attach(FluxSink<ByteBuffer> subscriber) {
        lock.lock();
        try {
            if (sink != null) {
                subscriber.error(new IllegalStateException("a pushed request body can be sent once"));
                return;
            }
            sink = subscriber;
            subscriber.onRequest(n -> signal());
            subscriber.onDispose(() -> {
                lock.lock();
                try {
                    gone = true;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            });
            if (failure != null) {
                subscriber.error(failure);
            } else if (completed) {
                subscriber.complete();
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void signal() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the HTTP client asks for a chunk, then hands {@code chunk} over.
     *
     * @param stall longest wait for the client to ask
     * @return false when the client is gone (the request failed or was cancelled): nothing was handed over
     * @throws TimeoutException the client did not ask within {@code stall}
     */
    boolean emit(ByteBuffer chunk, Duration stall) throws InterruptedException, TimeoutException {
        FluxSink<ByteBuffer> target;
        lock.lock();
        try {
            long left = stall.toNanos();
            while (!gone && (sink == null || sink.requestedFromDownstream() == 0)) {
                if (left <= 0) {
                    throw new TimeoutException("the blob store took no data for " + stall.toSeconds() + " s");
                }
                left = changed.awaitNanos(left);
            }
            if (gone) {
                return false;
            }
            target = sink;
        } finally {
            lock.unlock();
        }
        target.next(chunk);
        return true;
    }

    /** Ends the body after its last chunk. */
    void complete() {
        FluxSink<ByteBuffer> target;
        lock.lock();
        try {
            completed = true;
            target = sink;
        } finally {
            lock.unlock();
        }
        if (target != null) {
            target.complete();
        }
    }

    /** Fails the body, which aborts the request before the store has all of it. */
    void fail(Throwable e) {
        FluxSink<ByteBuffer> target;
        lock.lock();
        try {
            failure = e;
            target = sink;
        } finally {
            lock.unlock();
        }
        if (target != null) {
            target.error(e);
        }
    }
}
