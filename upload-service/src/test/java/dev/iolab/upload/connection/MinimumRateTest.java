package dev.iolab.upload.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** mod_reqtimeout's rule: the grace period for the first byte, one more second per {@code bytesPerSecond} bytes. */
class MinimumRateTest {

    private final MinimumRate rate = new MinimumRate(500, Duration.ofSeconds(20), Duration.ofSeconds(2));
    private final long arrived = 1_000_000_000L;

    @Test
    void givesTheGracePeriodForTheFirstByteAndASecondPer500BytesAfter() {
        long base = rate.baseNanos(arrived, arrived + seconds(1));
        assertThat(base).isEqualTo(arrived + seconds(20));
        assertThat(rate.deadlineNanos(base, 0)).isEqualTo(arrived + seconds(20));
        assertThat(rate.deadlineNanos(base, 500)).isEqualTo(arrived + seconds(21));
        assertThat(rate.deadlineNanos(base, 5_000)).isEqualTo(arrived + seconds(30));
    }

    @Test
    void givesABodyReadOnlyAfterItsGracePeriodTheQueuedGraceFromItsFirstRead() {
        long firstRead = arrived + seconds(600); // ten minutes in the queue
        assertThat(rate.baseNanos(arrived, firstRead)).isEqualTo(firstRead + seconds(2));
        assertThat(rate.baseNanos(arrived, arrived + seconds(19))).isEqualTo(arrived + seconds(21));
    }

    @Test
    void waitsUntilTheNextByteIsDueAndAtLeastAMillisecond() {
        long base = arrived + seconds(20);
        assertThat(rate.waitMillis(base, 0, arrived)).isEqualTo(20_000);
        assertThat(rate.waitMillis(base, 500, arrived + seconds(5))).isEqualTo(16_000);
        assertThat(rate.waitMillis(base, 0, arrived + seconds(60)))
                .as("overdue: buffered bytes only")
                .isEqualTo(1);
    }

    @Test
    void neverOverflowsForHugeCounts() {
        assertThat(rate.deadlineNanos(arrived, Long.MAX_VALUE)).isGreaterThan(arrived);
        assertThat(rate.waitMillis(arrived, Long.MAX_VALUE, arrived)).isPositive();
    }

    @Test
    void isOffWithoutARate() {
        assertThat(new MinimumRate(0, Duration.ZERO, Duration.ZERO).enabled()).isFalse();
        assertThat(rate.enabled()).isTrue();
    }

    private static long seconds(long s) {
        return TimeUnit.SECONDS.toNanos(s);
    }
}
