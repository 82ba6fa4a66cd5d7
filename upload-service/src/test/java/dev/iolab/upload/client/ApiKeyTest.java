package dev.iolab.upload.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ApiKeyTest {

    private final ApiKey key = new ApiKey("s3cret");

    @Test
    void isPresentedOnlyAsTheWholeBearerHeader() {
        assertThat(key.presentedBy(request("Bearer s3cret"))).isTrue();
        assertThat(key.presentedBy(request("Bearer s3cre"))).isFalse();
        assertThat(key.presentedBy(request("Bearer s3cret2"))).isFalse();
        assertThat(key.presentedBy(request("s3cret"))).isFalse();
        assertThat(key.presentedBy(request(null))).isFalse();
    }

    @Test
    void aBlankOrMissingKeyIsNotConfiguredAndPresentedByNobody() {
        for (ApiKey none : new ApiKey[] {new ApiKey(null), new ApiKey(""), new ApiKey("  ")}) {
            assertThat(none.configured()).isFalse();
            assertThat(none.presentedBy(request("Bearer "))).isFalse();
        }
        assertThat(key.configured()).isTrue();
    }

    private static MockHttpServletRequest request(String authorization) {
        MockHttpServletRequest request = new MockHttpServletRequest("PUT", "/uploads/a.bin");
        if (authorization != null) {
            request.addHeader("Authorization", authorization);
        }
        return request;
    }
}
