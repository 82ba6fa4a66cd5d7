package dev.iolab.upload.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.iolab.upload.web.ProblemException;
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

        ProblemException refused = catchThrowableOfType(ProblemException.class, () -> shares.take(alice));
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
    void clientsThatEachHoldTheirWholeShareLeaveTheReserveToAClientThatHoldsNone() {
        // 10 slots, 3 per client, the last 2 only for clients that hold none.
        ClientShares reserving = new ClientShares("download slots", 10, 3, 2, registry);
        ClientKey carol = ClientKey.ofAddress("198.51.100.3");
        ClientKey newcomer = ClientKey.ofAddress("198.51.100.4");
        for (ClientKey client : new ClientKey[] {alice, bob}) {
            for (int i = 0; i < 3; i++) {
                reserving.take(client);
            }
        }
        reserving.take(carol);
        reserving.take(carol); // 8 held: the rest is the reserve

        ProblemException refused = catchThrowableOfType(ProblemException.class, () -> reserving.take(carol));
        ClientShares.Hold newcomers = reserving.take(newcomer);

        assertThat(refused.problem().status()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
        assertThat(refused.getMessage()).contains("198.51.100.3", "holds 2 download slots", "the last 2");
        assertThat(reserving.held(newcomer)).isEqualTo(1);
        assertThat(reserving.total()).isEqualTo(9);
        assertThat(catchThrowableOfType(ProblemException.class, () -> reserving.take(newcomer)))
                .as("once it holds one, the newcomer is a holder like the others")
                .isNotNull();
        assertThat(registry.get("iolab.client.share.reserved")
                        .tag("resource", "download slots")
                        .gauge()
                        .value())
                .isEqualTo(2);

        newcomers.close();
        reserving.take(ClientKey.ofAddress("198.51.100.5")).close();
        assertThat(reserving.total()).isEqualTo(8);
    }

    @Test
    void aClientAloneStillTakesItsWholeShareWhateverTheReserve() {
        ClientShares reserving =
                new ClientShares("upload slots", 125, 31, ClientShares.reserve(125, 31, 0.2), registry);
        for (int i = 0; i < 31; i++) {
            reserving.take(alice);
        }
        assertThat(reserving.held(alice)).isEqualTo(31);
        assertThat(reserving.reserved()).isEqualTo(25);
    }

    @Test
    void theReserveIsAFractionRoundedUpThatLeavesAClientItsShare() {
        assertThat(ClientShares.reserve(25, 6, 0.2)).isEqualTo(5);
        assertThat(ClientShares.reserve(125, 31, 0.2)).isEqualTo(25);
        assertThat(ClientShares.reserve(64, 16, 0.2)).isEqualTo(13);
        assertThat(ClientShares.reserve(10, 2, 0.2)).isEqualTo(2);
        assertThat(ClientShares.reserve(64, 64, 0.2))
                .as("a share of everything has no reserve")
                .isZero();
        assertThat(ClientShares.reserve(4, 3, 0.5))
                .as("never more than leaves a client its share")
                .isEqualTo(1);
        assertThat(ClientShares.reserve(25, 6, 0)).isZero();
        assertThatIllegalArgumentException().isThrownBy(() -> ClientShares.reserve(10, 1, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> ClientShares.reserve(10, 1, -0.1));
        assertThatIllegalArgumentException().isThrownBy(() -> new ClientShares("x", 10, 3, 8, registry));
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
