package dev.iolab.upload.transfer.shedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecentRateTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final RecentRate rate = new RecentRate(10 * SECOND);

    @Test
    void isUnknownUntilTheBodyWasSampledForAWholeWindow() {
        for (int s = 0; s < 10; s++) {
            rate.sample(s * SECOND, s * 1000L);
            assertThat(rate.bytesPerSecond()).isEqualTo(-1);
        }
        rate.sample(10 * SECOND, 10_000);
        assertThat(rate.bytesPerSecond()).isCloseTo(1000, within(0.1));
    }

    @Test
    void judgesTheLastWindowNotTheAverageSinceTheStart() {
        long count = 0;
        for (int s = 0; s <= 20; s++) { // 1 MB/s for 20 s
            rate.sample(s * SECOND, count);
            count += 1_000_000;
        }
        count -= 1_000_000;
        for (int s = 21; s <= 31; s++) { // then 600 B/s
            count += 600;
            rate.sample(s * SECOND, count);
        }
        assertThat(rate.bytesPerSecond()).isCloseTo(600, within(1.0));
    }
}
