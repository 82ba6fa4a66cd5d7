package dev.iolab.upload.client;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The proxies in front of the service, prefix {@code upload.proxy}.
 *
 * @param trusted CIDR blocks (or single addresses) of the proxies and load balancers whose {@code X-Forwarded-For} is
 *     believed; none by default, so a client cannot claim another's address. A request from one of them counts
 *     against the right-most address of the header that is not itself a trusted proxy; their own connections are
 *     exempt from {@code upload.connections.max-per-address}
 */
@ConfigurationProperties("upload.proxy")
public record ProxyProperties(@DefaultValue List<String> trusted) {

    /** The blocks, parsed; a start with an entry that is neither an address nor a block is refused, naming it. */
    public TrustedProxies trustedProxies() {
        return TrustedProxies.of(trusted);
    }
}
