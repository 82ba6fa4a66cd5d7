package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The burst's CPU comes from samples either side of its bounds; the window's own span from its two ends. */
class CpuWindowTest {

    @Test
    void interpolatesBetweenTheSamplesEitherSideAndClampsOutsideThem() {
        List<CpuWindow.Sample> samples = List.of(
                new CpuWindow.Sample(1_000, 1.0, 10.0),
                new CpuWindow.Sample(1_050, 1.5, 10.0),
                new CpuWindow.Sample(1_100, 2.5, 11.0));

        assertThat(CpuWindow.interpolate(samples, 1_025, CpuWindow.Sample::hop)).isEqualTo(1.25);
        assertThat(CpuWindow.interpolate(samples, 1_090, CpuWindow.Sample::storage))
                .isCloseTo(10.8, within(1e-9));
        assertThat(CpuWindow.interpolate(samples, 900, CpuWindow.Sample::hop)).isEqualTo(1.0);
        assertThat(CpuWindow.interpolate(samples, 2_000, CpuWindow.Sample::hop)).isEqualTo(2.5);
        assertThat(CpuWindow.interpolate(samples, 1_050, CpuWindow.Sample::hop)).isEqualTo(1.5);
    }

    @Test
    void countsForTheBurstOnlyWhatWasUsedBetweenItsBounds() {
        long t0 = System.currentTimeMillis();
        // A process that uses one CPU second per second, and one that uses none.
        CpuWindow window = CpuWindow.start(() -> 5.0, () -> (System.currentTimeMillis() - t0) / 1000.0, () -> 42.0);
        await().atMost(Duration.ofSeconds(10)).until(() -> System.currentTimeMillis() >= t0 + 400);

        StudyResult.Cpu whole = window.stop();
        StudyResult.Cpu burst = window.within(t0 + 100, t0 + 300);

        assertThat(whole.client()).isZero();
        assertThat(whole.hop()).isGreaterThanOrEqualTo(0.4);
        assertThat(burst.hop()).isCloseTo(0.2, within(0.01));
        assertThat(burst.storage()).isZero();
        assertThat(burst.client()).isEqualTo(whole.client());
    }

    @Test
    void givesNullForAProcessItCannotRead() {
        CpuWindow window = CpuWindow.start(() -> Double.NaN, null, () -> 1.0);

        StudyResult.Cpu cpu = window.stop();

        assertThat(cpu.client()).isNull();
        assertThat(cpu.hop()).isNull();
        assertThat(cpu.storage()).isZero();
    }
}
