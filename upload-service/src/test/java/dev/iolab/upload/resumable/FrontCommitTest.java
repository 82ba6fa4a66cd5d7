package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FrontCommitTest {

    @Test
    void theFrontsWordAndRenewalAreReadFromItsHeaders() {
        FrontCommit word = FrontCommit.parse("8388608:lease-1", "12.345");

        assertThat(word.staged()).isEqualTo(new FrontStaged(8_388_608, "lease-1"));
        assertThat(word.renewedAgo()).contains(Duration.ofMillis(12_345));
    }

    @Test
    void aRenewalThatIsMissingMalformedOrImplausibleIsNotTaken() {
        for (String renewed : new String[] {null, "", "soon", "-1", "86400", "NaN", "1e400"}) {
            assertThat(FrontCommit.parse("0:lease", renewed).renewedAgo())
                    .as(renewed)
                    .isEmpty();
        }
    }

    @Test
    void withoutTheWordTheCommitCarriesNone() {
        assertThat(FrontCommit.parse(null, "1.0").staged()).isEqualTo(FrontStaged.NONE);
    }
}
