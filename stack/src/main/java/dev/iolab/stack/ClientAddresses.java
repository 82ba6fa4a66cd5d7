package dev.iolab.stack;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * Distinct client addresses on this machine: every 127.x.y.z address is the loopback interface, so a load generator
 * that binds user <i>i</i>'s connections to its own address ({@code 127.0.1.1}, {@code 127.0.1.2}, ...) looks to the
 * service — and to a balancer in front of it — like as many different clients. Per-client limits then see 125 or
 * 400 clients, not one.
 *
 * <p>The addresses start at {@code 127.0.1.1}: {@code 127.0.0.1} is the balancer's own address towards the replicas
 * (the one address the service may trust {@code X-Forwarded-For} from) and that of the stack's probes, so no simulated
 * client ever has it. Host byte 0 and 255 are skipped.
 */
public final class ClientAddresses {

    /** How many distinct addresses {@link #loopback(int)} hands out: 127.0.1.1 to 127.0.255.254. */
    public static final int MAX = 255 * 254;

    private ClientAddresses() {}

    /** The first {@code count} client addresses, as text ({@code 127.0.1.1}, ...). */
    public static List<String> loopback(int count) {
        if (count < 0 || count > MAX) {
            throw new IllegalArgumentException(
                    "distinct loopback clients: 0 to " + MAX + " (127.0.1.1 to 127.0.255.254), not " + count);
        }
        List<String> addresses = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            addresses.add(text(i));
        }
        return addresses;
    }

    /** Client address number {@code index} (0-based) of {@link #loopback(int)}. */
    public static InetAddress loopbackAddress(int index) {
        if (index < 0 || index >= MAX) {
            throw new IllegalArgumentException("client address index 0 to " + (MAX - 1) + ", not " + index);
        }
        try {
            return InetAddress.getByName(text(index));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a literal address cannot be unknown", e);
        }
    }

    private static String text(int index) {
        return "127.0." + (1 + index / 254) + "." + (1 + index % 254);
    }

    /** True when {@code host} names this machine's loopback ({@code 127.x.y.z}, {@code ::1}, {@code localhost}). */
    public static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
