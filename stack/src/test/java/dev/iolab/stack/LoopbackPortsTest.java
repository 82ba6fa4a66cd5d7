package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoopbackPortsTest {

    @Test
    void portsAskedForOneAfterTheOtherAreFreeAndNeverRepeat() throws Exception {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            int port = LoopbackPorts.free();
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                assertThat(socket.getLocalPort())
                        .as("the port handed out is free")
                        .isEqualTo(port);
            }
            ports.add(port);
        }

        assertThat(ports).doesNotHaveDuplicates();
    }

    @Test
    void portsAreBelowTheRangeTheKernelPicksOutgoingConnectionsFrom() {
        int ephemeral = LoopbackPorts.ephemeralStart();

        assertThat(ephemeral).isGreaterThan(LoopbackPorts.LOWEST);
        for (int i = 0; i < 100; i++) {
            assertThat(LoopbackPorts.free()).isBetween(LoopbackPorts.LOWEST, ephemeral - 1);
        }
    }
}
