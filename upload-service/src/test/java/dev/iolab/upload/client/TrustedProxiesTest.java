package dev.iolab.upload.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrustedProxiesTest {

    @Test
    void trustsAddressesInsideItsBlocksOnly() {
        TrustedProxies proxies = TrustedProxies.of(List.of("10.0.0.0/8", "192.0.2.10", "2001:db8::/32"));

        assertThat(proxies.contains(InetAddress.ofLiteral("10.1.2.3"))).isTrue();
        assertThat(proxies.contains(InetAddress.ofLiteral("192.0.2.10"))).isTrue();
        assertThat(proxies.contains(InetAddress.ofLiteral("192.0.2.11"))).isFalse();
        assertThat(proxies.contains(InetAddress.ofLiteral("2001:db8:5::1"))).isTrue();
        assertThat(proxies.contains(InetAddress.ofLiteral("2001:db9::1"))).isFalse();
        assertThat(proxies.contains(InetAddress.ofLiteral("127.0.0.1"))).isFalse();
        assertThat(proxies.asCidrList()).isEqualTo("10.0.0.0/8,192.0.2.10/32,2001:db8::/32");
    }

    @Test
    void trustsNobodyByDefault() {
        assertThat(TrustedProxies.of(List.of())).isSameAs(TrustedProxies.NONE);
        assertThat(TrustedProxies.of(List.of(" ")).isEmpty()).isTrue();
        assertThat(TrustedProxies.NONE.contains(InetAddress.ofLiteral("127.0.0.1")))
                .isFalse();
    }

    @Test
    void refusesWhatIsNoAddressOrBlockNamingIt() {
        for (String wrong : List.of("proxy.example.com", "proxy.example.com/24", "10.0.0.0/33", "10.0.0")) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> TrustedProxies.of(List.of(wrong)))
                    .withMessageContaining("upload.proxy.trusted")
                    .withMessageContaining(wrong);
        }
    }
}
