package dev.iolab.upload.transfer.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * The shedder driven by hand (no schedule): 10 upload threads, pressure at 8, bodies below 4 KB/s over 10 s may be cut.
 * Each body is watched from a thread of its own, as each upload is read on its own upload thread.
 */
class LoadShedderTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicInteger running = new AtomicInteger();
    private final LoadShedder shedder = new LoadShedder(
            new SheddingProperties(false, 0.8, DataSize.ofKilobytes(4), Duration.ofSeconds(10), Duration.ofSeconds(1)),
            running::get,
            10,
            registry);

    @Test
    void underPressureCutsTheSlowestWaitingBodiesUntilTheRunningAreBelowIt() throws Exception {
        List<Body> bodies = new ArrayList<>();
        int[] rates = {600, 50_000, 550, 2_000, 100_000, 100_000, 100_000, 100_000, 100_000};
        for (int rate : rates) {
            bodies.add(new Body(watchedOnAThreadOfItsOwn(), rate));
        }
        running.set(bodies.size()); // 9 of 10: pressure (8); one must go to bring them to 7
        List<LoadShedder.Watch> cut = List.of();
        for (int s = 0; s <= 10; s++) {
            bodies.forEach(body -> body.waitsAfterReading(SECOND));
            cut = shedder.shed(s * SECOND);
            if (s < 10) {
                assertThat(cut).as("not measured over a whole window yet").isEmpty();
            }
        }

        assertThat(cut).containsExactly(bodies.get(2).watch, bodies.get(0).watch);
        assertThat(bodies.get(2).watch.cut()).contains("550 bytes/s", "9 of 10 upload threads", "4096 bytes/s");
        assertThat(bodies.get(3).watch.cut()).isNull();
        assertThat(registry.get("iolab.upload.shed").counter().count()).isEqualTo(2);

        bodies.forEach(body -> body.waitsAfterReading(SECOND));
        assertThat(shedder.shed(11 * SECOND))
                .as("the two cut count as gone while they still wait: 7 run, below the pressure")
                .isEmpty();
    }

    @Test
    void cutsNothingWithoutPressureOrWhileABodyIsNotWaitingForItsClient() throws Exception {
        Body trickle = new Body(watchedOnAThreadOfItsOwn(), 100);
        running.set(7);
        for (int s = 0; s <= 12; s++) {
            trickle.waitsAfterReading(SECOND);
            assertThat(shedder.shed(s * SECOND)).isEmpty();
        }
        running.set(10);
        trickle.watch.readEnded(trickle.count); // busy storing, not waiting for its client
        assertThat(shedder.shed(13 * SECOND)).isEmpty();
        trickle.watch.close();
        assertThat(shedder.shed(14 * SECOND)).isEmpty();
    }

    private LoadShedder.Watch watchedOnAThreadOfItsOwn() throws Exception {
        try (var thread = Executors.newSingleThreadExecutor()) {
            return thread.submit(shedder::watch).get(30, TimeUnit.SECONDS);
        }
    }

    /** A body whose client sends {@code rate} bytes per second. */
    private static final class Body {

        final LoadShedder.Watch watch;
        final int rate;
        long count;

        Body(LoadShedder.Watch watch, int rate) {
            this.watch = watch;
            this.rate = rate;
        }

        /** Reads what its client sent in {@code nanos}, then waits in the next read. */
        void waitsAfterReading(long nanos) {
            watch.readStarts();
            count += rate * nanos / SECOND;
            watch.readEnded(count);
            watch.readStarts();
        }
    }
}
