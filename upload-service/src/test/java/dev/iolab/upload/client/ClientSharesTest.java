package dev.iolab.upload.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

class ClientSharesTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ClientShares shares = new ClientShares("upload slots", 2, registry);
    private final ClientKey alice = ClientKey.ofAddress("198.51.100.1");
    private final ClientKey bob = ClientKey.ofAddress("198.51.100.2");

    @Test
    void refusesAClientOverItsShareWith429WhileOthersAreServed() {
        shares.take(alice);
        shares.take(alice);

        ClientException refused = catchThrowableOfType(ClientException.class, () -> shares.take(alice));
        ClientShares.Hold bobs = shares.take(bob);

        assertThat(refused.problem().status()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
        assertThat(refused.problem().retryLater()).isTrue();
        assertThat(refused.getMessage()).contains("198.51.100.1", "2 upload slots");
        assertThat(shares.held(alice)).isEqualTo(2);
        assertThat(shares.held(bob)).isEqualTo(1);
        assertThat(registry.get("iolab.client.share.refused")
                        .tag("resource", "upload slots")
                        .counter()
                        .count())
                .isEqualTo(1);
        bobs.close();
    }

    @Test
    void aHoldGivesBackOnceHoweverOftenItIsClosed() {
        ClientShares.Hold first = shares.take(alice);
        shares.take(alice);

        first.close();
        first.close();

        assertThat(shares.held(alice)).isEqualTo(1);
        shares.take(alice).close();
        assertThat(shares.held(alice)).isEqualTo(1);
    }

    @Test
    void forgetsAClientThatHoldsNothing() {
        shares.take(alice).close();

        assertThat(shares.held(alice)).isZero();
        assertThat(shares.clients()).isZero();
    }

    @Test
    void aShareIsAFractionRoundedDownAndAtLeastOne() {
        assertThat(ClientShares.limit(125, 0.25)).isEqualTo(31);
        assertThat(ClientShares.limit(25, 0.25)).isEqualTo(6);
        assertThat(ClientShares.limit(2, 0.25)).isEqualTo(1);
        assertThat(ClientShares.limit(10_000, 0.01)).isEqualTo(100);
        assertThat(ClientShares.limit(64, 1)).isEqualTo(64);
        assertThatIllegalArgumentException().isThrownBy(() -> ClientShares.limit(10, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> ClientShares.limit(10, 1.5));
    }
}
