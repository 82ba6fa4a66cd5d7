package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ResumableConfigurationTest {

    @Test
    void theExpiryIsKeptWhenTheSweepCannotCutItShort() {
        assertThat(ResumableConfiguration.expiry(Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofMinutes(1)))
                .isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void anExpiryTheSweepWouldCutShortIsHalvedBelowItsLimit() {
        assertThat(ResumableConfiguration.expiry(Duration.ofMinutes(30), Duration.ofMinutes(10), Duration.ofSeconds(1)))
                .isEqualTo(Duration.ofMinutes(10).minusSeconds(1).dividedBy(2));
        assertThatThrownBy(() -> ResumableConfiguration.expiry(
                        Duration.ofMinutes(30), Duration.ofMinutes(1), Duration.ofMinutes(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("staging-max-age");
    }
}
