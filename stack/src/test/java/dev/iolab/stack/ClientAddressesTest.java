package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class ClientAddressesTest {

    @Test
    void handsOutDistinctLoopbackAddressesThatAreNeverTheBalancers() {
        assertThat(ClientAddresses.loopback(3)).containsExactly("127.0.1.1", "127.0.1.2", "127.0.1.3");
        assertThat(ClientAddresses.loopback(400))
                .doesNotHaveDuplicates()
                .doesNotContain("127.0.0.1")
                .contains("127.0.1.254", "127.0.2.1")
                .noneMatch(a -> a.endsWith(".0") || a.endsWith(".255"))
                .last()
                .isEqualTo("127.0.2.146");
        assertThat(ClientAddresses.loopback(ClientAddresses.MAX).getLast()).isEqualTo("127.0.255.254");
        assertThatThrownBy(() -> ClientAddresses.loopback(ClientAddresses.MAX + 1))
                .hasMessageContaining("127.0.255.254");
    }

    @Test
    void aConnectionFromAClientAddressArrivesFromThatAddress() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket()) {
            client.bind(new InetSocketAddress(ClientAddresses.loopbackAddress(299), 0));
            client.connect(server.getLocalSocketAddress());
            try (Socket accepted = server.accept()) {
                assertThat(accepted.getInetAddress().getHostAddress()).isEqualTo("127.0.2.46");
            }
        }
    }

    @Test
    void knowsLoopbackHosts() {
        assertThat(ClientAddresses.isLoopback("127.0.0.1")).isTrue();
        assertThat(ClientAddresses.isLoopback("localhost")).isTrue();
        assertThat(ClientAddresses.isLoopback("10.1.2.3")).isFalse();
    }
}
