package dev.iolab.upload.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ClientKeyTest {

    @Test
    void anIpv4ClientIsItsAddress() {
        assertThat(ClientKey.ofAddress("203.0.113.7").id()).isEqualTo("203.0.113.7");
        assertThat(ClientKey.ofAddress("::ffff:203.0.113.7")).isEqualTo(ClientKey.ofAddress("203.0.113.7"));
        assertThat(ClientKey.ofAddress("127.0.1.1")).isNotEqualTo(ClientKey.ofAddress("127.0.1.2"));
    }

    @Test
    void anIpv6ClientIsItsSlash64() {
        ClientKey one = ClientKey.ofAddress("2001:db8:0:1:aaaa:bbbb:cccc:dddd");

        assertThat(one.id()).isEqualTo("2001:db8:0:1::/64");
        assertThat(ClientKey.ofAddress("2001:db8:0:1::42")).isEqualTo(one);
        assertThat(ClientKey.ofAddress("2001:db8:0:2::42")).isNotEqualTo(one);
        assertThat(ClientKey.ofAddress("::1").id()).isEqualTo("::/64");
        assertThat(ClientKey.ofAddress("2001:db8:1:2:3:4:5:6").id()).isEqualTo("2001:db8:1:2::/64");
    }

    @Test
    void whatIsNoAddressIsItsOwnKey() {
        assertThat(ClientKey.ofAddress("unknown").id()).isEqualTo("unknown");
        assertThat(ClientKey.ofAddress("example.com").id()).isEqualTo("example.com");
    }

    @Test
    void aClientWithItsOwnKeyIsItsNameWhateverItsAddress() {
        ClientIdentity identity = new ClientIdentity(new ApiKeys("shared", Map.of("alice", "alice-key")));

        ClientKey fromOne = identity.of(request("198.51.100.1", "Bearer alice-key"));
        ClientKey fromAnother = identity.of(request("198.51.100.2", "Bearer alice-key"));
        ClientKey shared = identity.of(request("198.51.100.1", "Bearer shared"));
        ClientKey none = identity.of(request("198.51.100.3", null));

        assertThat(fromOne).isEqualTo(fromAnother).isEqualTo(ClientKey.named("alice"));
        assertThat(fromOne.id()).isEqualTo("key:alice");
        assertThat(shared.id()).isEqualTo("198.51.100.1");
        assertThat(none.id()).isEqualTo("198.51.100.3");
    }

    private static MockHttpServletRequest request(String address, String authorization) {
        MockHttpServletRequest request = new MockHttpServletRequest("PUT", "/uploads/a.bin");
        request.setRemoteAddr(address);
        if (authorization != null) {
            request.addHeader("Authorization", authorization);
        }
        return request;
    }
}
