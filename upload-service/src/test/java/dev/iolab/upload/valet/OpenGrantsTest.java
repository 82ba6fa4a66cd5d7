package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientShares;
import dev.iolab.upload.web.ProblemException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class OpenGrantsTest {

    private static final Instant LATER = Instant.parse("2100-01-01T00:00:00Z");

    @Test
    void clientsThatHoldGrantsLeaveTheReserveToAClientThatHoldsNone() {
        // 10 open grants, 5 for one client, 2 kept for clients holding none.
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        OpenGrants grants =
                new OpenGrants(10, new ClientShares("open grants", 10, 5, 2, registry), registry, Clock.systemUTC());
        ClientKey first = ClientKey.ofAddress("127.0.1.1");
        ClientKey second = ClientKey.ofAddress("127.0.1.2");
        for (int i = 0; i < 5; i++) {
            grants.open(first, "a-" + i, LATER);
        }
        for (int i = 0; i < 3; i++) {
            grants.open(second, "b-" + i, LATER);
        }

        assertThatThrownBy(() -> grants.open(second, "b-3", LATER)).isInstanceOf(ProblemException.class);
        assertThatCode(() -> grants.open(ClientKey.ofAddress("127.0.1.3"), "c-0", LATER))
                .doesNotThrowAnyException();
    }
}
