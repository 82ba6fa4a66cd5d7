package dev.iolab.upload.client;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.catalina.util.NetMask;

/**
 * The proxies and load balancers in front of the service ({@code upload.proxy.trusted}, CIDR blocks; none by
 * default): only a connection from one of them may say, in {@code X-Forwarded-For}, which client it carries, and only
 * their connections are exempt from the per-address connection limit (a proxy carries many clients on its connections;
 * the proxy limits each client's connections itself). Matching is Tomcat's own ({@link NetMask}), the one its
 * {@code RemoteIpValve} applies to the same list.
 */
public final class TrustedProxies {

    /** No proxy is trusted: every client is its socket's peer, and {@code X-Forwarded-For} is ignored. */
    public static final TrustedProxies NONE = new TrustedProxies(List.of(), List.of());

    /** Java also reads {@code 10.0.0} and {@code 1} as IPv4 addresses; a proxy list takes the four-part form only. */
    private static final Pattern DOTTED_QUAD = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    private final List<String> blocks;
    private final List<NetMask> masks;

    private TrustedProxies(List<String> blocks, List<NetMask> masks) {
        this.blocks = blocks;
        this.masks = masks;
    }

    /**
     * Reads CIDR blocks ({@code 10.0.0.0/8}, {@code 2001:db8::/32}); a bare address is a block of that one address.
     *
     * @throws IllegalArgumentException naming the first entry that is not an address literal or a CIDR block of one
     *     (a host name is refused, never looked up)
     */
    public static TrustedProxies of(List<String> entries) {
        List<String> blocks = new ArrayList<>();
        List<NetMask> masks = new ArrayList<>();
        for (String entry : entries) {
            String block = entry.strip();
            if (block.isEmpty()) {
                continue;
            }
            try {
                int slash = block.indexOf('/');
                String literal = slash < 0 ? block : block.substring(0, slash);
                if (literal.indexOf(':') < 0 && !DOTTED_QUAD.matcher(literal).matches()) {
                    throw new IllegalArgumentException("an IPv4 address has four parts");
                }
                InetAddress address = InetAddress.ofLiteral(literal);
                if (slash < 0) {
                    block += address instanceof Inet4Address ? "/32" : "/128";
                }
                masks.add(new NetMask(block));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "upload.proxy.trusted: '" + entry + "' is not an IP address or a CIDR block (" + e.getMessage()
                                + ")",
                        e);
            }
            blocks.add(block);
        }
        return blocks.isEmpty() ? NONE : new TrustedProxies(List.copyOf(blocks), List.copyOf(masks));
    }

    public boolean isEmpty() {
        return masks.isEmpty();
    }

    /** Whether a connection from {@code address} is one of the trusted proxies'. */
    public boolean contains(InetAddress address) {
        for (NetMask mask : masks) {
            if (mask.matches(address)) {
                return true;
            }
        }
        return false;
    }

    /** The blocks as Tomcat's {@code RemoteIpValve#setInternalProxies} reads CIDR lists: comma-separated. */
    String asCidrList() {
        return String.join(",", blocks);
    }

    @Override
    public String toString() {
        return blocks.toString();
    }
}
