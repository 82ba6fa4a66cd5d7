package dev.iolab.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loopback TCP ports for the processes of the stack and for tests: the one place a port is picked. The kernel may offer
 * a port again as soon as its probe socket is closed, so two ports asked for one after the other (a service's and its
 * management port) could be the same; a port is handed out once per JVM instead.
 */
public final class LoopbackPorts {

    /** Every port {@link #free} has returned in this JVM. */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {}

    /** A loopback TCP port that was free a moment ago and that this JVM has not handed out before. */
    public static int free() {
        for (int attempt = 0; attempt < 1000; attempt++) {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                if (HANDED_OUT.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("the kernel offered only loopback ports this JVM has handed out already");
    }
}
