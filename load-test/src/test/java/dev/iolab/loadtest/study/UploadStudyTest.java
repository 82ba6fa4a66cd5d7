package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UploadStudyTest {

    private static final long BURST = 125L * 10 * 1024 * 1024; // 125 users × 10 MiB

    @Test
    void anAzuriteOfUnknownContentIsRestartedBeforeTheFirstWarmUp() {
        assertThat(UploadStudy.restartBefore(Long.MAX_VALUE, BURST)).isTrue();
    }

    @Test
    void warmUpsShareOneAzuriteUntilTheNextWouldPassTheFill() {
        long written = 0;
        int restarts = 0;
        for (int burst = 0; burst < 12; burst++) {
            if (UploadStudy.restartBefore(written, BURST)) {
                restarts++;
                written = 0;
            }
            written += BURST;
            assertThat(written).isLessThanOrEqualTo(UploadStudy.WARM_UP_FILL_BYTES);
        }
        assertThat(restarts).isEqualTo(3); // 3 bursts of 1.22 GiB fit in 4 GiB: 12 bursts need 4 Azurites
    }

    @Test
    void aBurstLargerThanTheFillGetsAnEmptyAzuriteOfItsOwn() {
        long huge = UploadStudy.WARM_UP_FILL_BYTES + 1;
        assertThat(UploadStudy.restartBefore(0, huge)).isFalse();
        assertThat(UploadStudy.restartBefore(1, huge)).isTrue();
    }

    @Test
    void pairsAlternateWhoSendsFirstStartingWithThePartner() {
        assertThat(java.util.stream.IntStream.rangeClosed(1, 4).mapToObj(UploadStudy::cellFirst))
                .containsExactly(false, true, false, true);
    }
}
