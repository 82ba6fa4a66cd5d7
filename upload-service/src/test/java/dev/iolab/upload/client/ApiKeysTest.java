package dev.iolab.upload.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ApiKeysTest {

    private final ApiKeys keys = new ApiKeys("s3cret", Map.of("alice", "alice-key", "bob", "bob-key"));

    @Test
    void aKeyIsPresentedOnlyAsTheWholeBearerHeader() {
        assertThat(keys.presentedBy(request("Bearer s3cret"))).isTrue();
        assertThat(keys.presentedBy(request("Bearer s3cre"))).isFalse();
        assertThat(keys.presentedBy(request("Bearer s3cret2"))).isFalse();
        assertThat(keys.presentedBy(request("s3cret"))).isFalse();
        assertThat(keys.presentedBy(request("Bearer alice-ke"))).isFalse();
        assertThat(keys.presentedBy(request(null))).isFalse();
    }

    @Test
    void tellsTheSharedKeyFromAClientsOwn() {
        assertThat(keys.holder(request("Bearer s3cret"))).contains(new ApiKeys.SharedKey());
        assertThat(keys.holder(request("Bearer alice-key"))).contains(new ApiKeys.ClientName("alice"));
        assertThat(keys.holder(request("Bearer bob-key"))).contains(new ApiKeys.ClientName("bob"));
        assertThat(keys.holder(request("Bearer carol-key"))).isEmpty();
    }

    @Test
    void clientKeysAloneAreConfiguredKeys() {
        ApiKeys perClient = new ApiKeys(null, Map.of("alice", "alice-key"));

        assertThat(perClient.configured()).isTrue();
        assertThat(perClient.presentedBy(request("Bearer alice-key"))).isTrue();
        assertThat(perClient.presentedBy(request("Bearer "))).isFalse();
    }

    @Test
    void aBlankOrMissingKeyIsNotConfiguredAndPresentedByNobody() {
        for (ApiKeys none :
                new ApiKeys[] {new ApiKeys(null, Map.of()), new ApiKeys("", Map.of()), new ApiKeys("  ", Map.of())}) {
            assertThat(none.configured()).isFalse();
            assertThat(none.presentedBy(request("Bearer "))).isFalse();
        }
        assertThat(keys.configured()).isTrue();
    }

    @Test
    void refusesAClientKeyThatIsBlankOrNotItsOwn() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ApiKeys(null, Map.of("alice", " ")))
                .withMessageContaining("upload.api-keys.alice");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ApiKeys("same", Map.of("alice", "same")))
                .withMessageContaining("upload.api-keys.alice");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ApiKeys(null, Map.of("alice", "same", "bob", "same")))
                .withMessageContaining("every client needs its own");
    }

    private static MockHttpServletRequest request(String authorization) {
        MockHttpServletRequest request = new MockHttpServletRequest("PUT", "/uploads/a.bin");
        if (authorization != null) {
            request.addHeader("Authorization", authorization);
        }
        return request;
    }
}
