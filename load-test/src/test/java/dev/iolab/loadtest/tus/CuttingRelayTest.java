package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The relay passes bytes both ways, counts what clients send and cuts a connection at the given byte. */
@Timeout(30)
class CuttingRelayTest {

    @Test
    void theCutsFallHalfAChunkPastEachEvenShareOfTheFile() {
        assertThat(CuttingRelay.evenCuts(1000, 3, 100)).containsExactly(300L, 550L, 800L);
        assertThat(CuttingRelay.evenCuts(1000, 0, 100)).isEmpty();
    }

    @Test
    void bytesPassUpToTheCutThenTheConnectionIsResetAndTheNextOneIsNotCut() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                CuttingRelay relay = CuttingRelay.start(server.getLocalPort(), List.of(1000L))) {
            CompletableFuture<Integer> received = CompletableFuture.supplyAsync(() -> drain(server));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                client.setSoTimeout(10_000);
                OutputStream out = client.getOutputStream();
                try {
                    for (int i = 0; i < 1000; i++) {
                        out.write(new byte[4096]);
                    }
                } catch (IOException reset) {
                    // the relay reset the connection while the client still wrote: what a cut looks like
                }
                assertThat(ended(client))
                        .as("the client's connection was ended by the relay")
                        .isTrue();
            }
            // The relay passed exactly the bytes before the cut; the server may lose the last of them to the reset.
            assertThat(relay.sent()).isEqualTo(1000);
            assertThat(received.get(10, TimeUnit.SECONDS)).isBetween(1, 1000);
            assertThat(relay.cuts()).isEqualTo(1);

            CompletableFuture<Integer> second = CompletableFuture.supplyAsync(() -> drain(server));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                client.getOutputStream().write(new byte[5000]);
                client.shutdownOutput();
                assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo(5000);
            }
            assertThat(relay.sent()).isEqualTo(6000);
            assertThat(relay.cuts()).isEqualTo(1);
        }
    }

    /** True when reading from the socket finds its end or a reset, not data and not a timeout. */
    private static boolean ended(Socket socket) {
        try {
            return socket.getInputStream().read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** Accepts one connection and counts the bytes it brings until it ends. */
    private static int drain(ServerSocket server) {
        try (Socket accepted = server.accept();
                InputStream in = accepted.getInputStream()) {
            int total = 0;
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    total += n;
                }
            } catch (IOException reset) {
                // the relay reset the connection: what arrived before counts
            }
            return total;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
