package dev.iolab.upload.client;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * Who a request counts against in the per-client shares: an API key's client name where keys are per client
 * ({@code upload.api-keys.<client-name>}), otherwise the client's address — an IPv4 address as it is, an IPv6 address
 * by its /64 prefix (one subscriber's network: a host picks any of its 2^64 addresses, so counting single addresses
 * would count nothing). Requests with equal keys share one client's share of everything. {@link ClientIdentity} says
 * which key a request has; the connector uses {@link #ofAddress} before there is a request.
 *
 * @param id the key as logs and refusals show it: {@code 203.0.113.7}, {@code 2001:db8:0:1::/64} or
 *     {@code key:<client-name>}
 */
public record ClientKey(String id) {

    private static final int IPV6_PREFIX_BYTES = 8;

    /** The client at {@code address}: IPv4 as is (also when written IPv4-mapped), IPv6 by its /64 prefix. */
    public static ClientKey ofAddress(InetAddress address) {
        if (address instanceof Inet6Address) {
            byte[] prefix = Arrays.copyOf(address.getAddress(), 16);
            Arrays.fill(prefix, IPV6_PREFIX_BYTES, 16, (byte) 0);
            try {
                return new ClientKey(compressed(InetAddress.getByAddress(prefix)) + "/64");
            } catch (UnknownHostException e) {
                throw new IllegalStateException("16 bytes are an IPv6 address", e);
            }
        }
        return new ClientKey(address.getHostAddress());
    }

    /**
     * The client at an address written as a literal (as {@code HttpServletRequest#getRemoteAddr()} gives it); a text
     * that is no address literal is its own key.
     */
    public static ClientKey ofAddress(String literal) {
        try {
            return ofAddress(InetAddress.ofLiteral(literal));
        } catch (IllegalArgumentException | NullPointerException e) {
            return new ClientKey(String.valueOf(literal));
        }
    }

    /** The client that presented the API key of {@code upload.api-keys.<name>}. */
    static ClientKey named(String name) {
        return new ClientKey("key:" + name);
    }

    /** Whether this client is known by its own API key ({@code upload.api-keys.<name>}), not by its address. */
    public boolean named() {
        return id.startsWith("key:");
    }

    @Override
    public String toString() {
        return id;
    }

    /** {@code 2001:db8:0:1:0:0:0:0} as {@code 2001:db8:0:1::}: the longest run of zero groups written {@code ::}. */
    private static String compressed(InetAddress address) {
        String[] groups = address.getHostAddress().split(":");
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < groups.length; ) {
            if (!groups[i].equals("0")) {
                i++;
                continue;
            }
            int j = i;
            while (j < groups.length && groups[j].equals("0")) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        if (bestStart < 0) {
            return String.join(":", groups);
        }
        String head = String.join(":", Arrays.copyOfRange(groups, 0, bestStart));
        String tail = String.join(":", Arrays.copyOfRange(groups, bestStart + bestLength, groups.length));
        return head + "::" + tail;
    }
}
