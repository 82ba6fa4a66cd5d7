package dev.iolab.upload.transfer.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.transfer.shedding.SlowestFirst.Candidate;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlowestFirstTest {

    private static final double BELOW = 4096;

    private final List<Candidate<String>> uploads = List.of(
            new Candidate<>("trickle-600", 600),
            new Candidate<>("mobile-30k", 30_000),
            new Candidate<>("trickle-2k", 2_000),
            new Candidate<>("just-started", -1),
            new Candidate<>("trickle-550", 550),
            new Candidate<>("stalled", 0));

    @Test
    void underPressureCutsTheSlowestBelowTheRateUntilTheRunningAreBelowThePressure() {
        // 20 of 25 threads is pressure; 22 run: 3 must go.
        assertThat(SlowestFirst.choose(uploads, 22, 20, BELOW))
                .containsExactly("stalled", "trickle-550", "trickle-600");
    }

    @Test
    void cutsNothingBelowThePressure() {
        assertThat(SlowestFirst.choose(uploads, 19, 20, BELOW)).isEmpty();
    }

    @Test
    void atThePressureCutsOne() {
        assertThat(SlowestFirst.choose(uploads, 20, 20, BELOW)).containsExactly("stalled");
    }

    @Test
    void neverCutsAnUploadAtANormalPaceOrOneNotYetMeasuredHoweverHighThePressure() {
        assertThat(SlowestFirst.choose(uploads, 25, 1, BELOW))
                .containsExactly("stalled", "trickle-550", "trickle-600", "trickle-2k");
        assertThat(SlowestFirst.choose(List.of(new Candidate<>("fast", 5_000_000)), 25, 20, BELOW))
                .isEmpty();
    }
}
