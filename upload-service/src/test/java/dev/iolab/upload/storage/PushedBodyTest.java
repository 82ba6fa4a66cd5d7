package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/** A pushed body hands a chunk over only when asked for one, and tells its pusher when the consumer is gone. */
class PushedBodyTest {

    private final PushedBody body = new PushedBody();
    private final Consumer consumer = new Consumer();

    @Test
    void handsAChunkOverOnlyWhenOneIsAskedFor() throws Exception {
        body.flux().subscribe(consumer);

        CompletableFuture<Boolean> pushed =
                CompletableFuture.supplyAsync(() -> emit(ByteBuffer.wrap(new byte[] {1}), Duration.ofSeconds(30)));
        assertThat(consumer.received).isEmpty();
        assertThat(pushed).isNotDone();

        consumer.ask(1);
        assertThat(pushed.get(30, TimeUnit.SECONDS)).isTrue();
        assertThat(consumer.received).hasSize(1);
        body.complete();
        assertThat(consumer.completed.get(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void timesOutWhenNothingIsAskedForInTime() {
        body.flux().subscribe(consumer);
        assertThatExceptionOfType(TimeoutException.class)
                .isThrownBy(() -> body.emit(ByteBuffer.allocate(1), Duration.ofMillis(50)));
        assertThat(consumer.received).isEmpty();
    }

    @Test
    void answersFalseOnceTheConsumerIsGone() throws Exception {
        body.flux().subscribe(consumer);
        consumer.cancelNow();
        assertThat(body.emit(ByteBuffer.allocate(1), Duration.ofSeconds(30))).isFalse();
    }

    @Test
    void aFailureBeforeTheConsumerArrivesReachesItOnArrival() throws Exception {
        IllegalStateException failure = new IllegalStateException("the client went away");
        body.fail(failure);
        body.flux().subscribe(consumer);
        assertThat(consumer.failure.get(30, TimeUnit.SECONDS)).isSameAs(failure);
    }

    @Test
    void canBeSentOnceOnly() throws Exception {
        body.flux().subscribe(consumer);
        Consumer second = new Consumer();
        body.flux().subscribe(second);
        assertThat(second.failure.get(30, TimeUnit.SECONDS)).hasMessageContaining("sent once");
    }

    private boolean emit(ByteBuffer chunk, Duration stall) {
        try {
            return body.emit(chunk, stall);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Asks for nothing until told to. */
    private static final class Consumer extends BaseSubscriber<ByteBuffer> {

        final List<ByteBuffer> received = new CopyOnWriteArrayList<>();
        final CompletableFuture<Boolean> completed = new CompletableFuture<>();
        final CompletableFuture<Throwable> failure = new CompletableFuture<>();

        @Override
        protected void hookOnSubscribe(Subscription subscription) {}

        @Override
        protected void hookOnNext(ByteBuffer value) {
            received.add(value);
        }

        @Override
        protected void hookOnComplete() {
            completed.complete(true);
        }

        @Override
        protected void hookOnError(Throwable throwable) {
            failure.complete(throwable);
        }

        void ask(long n) {
            request(n);
        }

        void cancelNow() {
            cancel();
        }
    }
}
