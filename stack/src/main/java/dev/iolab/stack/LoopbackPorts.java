package dev.iolab.stack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback TCP ports for the processes of the stack and for tests: the one place a port is picked. A port is handed
 * out some time before the process it is meant for binds it, so it is picked where nothing else takes ports on its own:
 * below the kernel's range for the local ends of outgoing connections ({@code net.ipv4.ip_local_port_range}, 32768
 * and up by default), which a test's own HTTP and store connections would otherwise draw from meanwhile. A port is
 * handed out once per JVM, so a service's and its management port differ.
 */
public final class LoopbackPorts {

    /** The lowest port handed out: clear of the well-known and most registered services' ports. */
    static final int LOWEST = 20000;

    /** Every port {@link #free} has returned in this JVM. */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {}

    /** A loopback TCP port that was free a moment ago and that this JVM has not handed out before. */
    public static int free() {
        int below = ephemeralStart();
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, below);
            if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port between " + LOWEST + " and " + below);
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    /** The first port of the kernel's range for outgoing connections; 32768 when it cannot be read (not Linux). */
    static int ephemeralStart() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                    .strip();
            int start = Integer.parseInt(range.split("\\s+")[0]);
            return start > LOWEST + 1000 ? start : 32768;
        } catch (IOException | RuntimeException e) {
            return 32768;
        }
    }
}
