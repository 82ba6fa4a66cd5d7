package dev.iolab.upload.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** mod_reqtimeout's rule: the grace period for the first byte, one more second per {@code bytesPerSecond} bytes. */
class MinimumRateTest {

    private final MinimumRate rate = new MinimumRate(500, Duration.ofSeconds(20), Duration.ofSeconds(2));
    private final long start = 1_000_000_000L;

    @Test
    void givesTheGracePeriodForTheFirstByteAndASecondPer500BytesAfter() {
        assertThat(rate.deadlineNanos(start, 0)).isEqualTo(start + seconds(20));
        assertThat(rate.deadlineNanos(start, 500)).isEqualTo(start + seconds(21));
        assertThat(rate.deadlineNanos(start, 5_000)).isEqualTo(start + seconds(30));
    }

    @Test
    void waitsUntilTheDeadlineButAtLeastTheMinimumWait() {
        assertThat(rate.waitMillis(start, 0, start)).isEqualTo(20_000);
        assertThat(rate.waitMillis(start, 500, start + seconds(5))).isEqualTo(16_000);
        assertThat(rate.waitMillis(start, 0, start + seconds(19)))
                .as("close to the deadline")
                .isEqualTo(2_000);
        assertThat(rate.waitMillis(start, 0, start + seconds(600)))
                .as("long behind: queued")
                .isEqualTo(2_000);
    }

    @Test
    void neverOverflowsForHugeCounts() {
        assertThat(rate.deadlineNanos(start, Long.MAX_VALUE)).isGreaterThan(start);
        assertThat(rate.waitMillis(start, Long.MAX_VALUE, start)).isPositive();
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
