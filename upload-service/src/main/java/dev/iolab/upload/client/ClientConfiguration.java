package dev.iolab.upload.client;

import dev.iolab.upload.UploadProperties;
import org.apache.catalina.valves.RemoteIpValve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Who is calling, set up once: the API keys (closed by default: no key and no {@code upload.open=true} refuses the
 * start), the key check on the {@code /uploads} and {@code /files} routes, the client identity every per-client share is counted by, and
 * Tomcat's {@link RemoteIpValve} for the trusted proxies.
 * <p>
 * Why our own {@code upload.proxy.trusted} rather than Boot's {@code server.forward-headers-strategy=native}: Boot's
 * valve trusts every private and loopback address unless told otherwise (in a cluster, any pod could claim to be any
 * client), and the connector's per-address limit must exempt the same proxies — one list, CIDR blocks, none by
 * default. The valve doing the work is Tomcat's own, configured from that list; the two are not run together.
 */
@Configuration(proxyBeanMethods = false)
class ClientConfiguration implements WebMvcConfigurer {

    private static final Logger log = LoggerFactory.getLogger(ClientConfiguration.class);

    private final ApiKeys keys;

    ClientConfiguration(UploadProperties properties) {
        this.keys = new ApiKeys(properties.apiKey(), properties.apiKeys());
        if (!keys.configured()) {
            if (!properties.open()) {
                throw new NoApiKeyException();
            }
            log.warn("upload.open=true and no API key: every route is open to anyone who reaches this port");
        }
    }

    @Bean
    ApiKeys apiKeys() {
        return keys;
    }

    @Bean
    ClientIdentity clientIdentity() {
        return new ClientIdentity(keys);
    }

    /**
     * The trusted proxies; a start with Boot's own {@code X-Forwarded-For} reader switched on is refused, with or
     * without them: {@code native} trusts every private and loopback peer (in a container network, anyone who reaches
     * a replica's port directly names its own client address, and with it whose share it takes), and together with
     * {@code upload.proxy.trusted} two readers would disagree.
     */
    @Bean
    TrustedProxies trustedProxies(ProxyProperties properties, Environment environment) {
        TrustedProxies proxies = properties.trustedProxies();
        String strategy = environment.getProperty("server.forward-headers-strategy", "none");
        if (!strategy.equalsIgnoreCase("none")) {
            throw new ForwardedHeadersException(strategy);
        }
        return proxies;
    }

    /**
     * Tomcat's {@link RemoteIpValve}, first among the engine's valves (before any of ours looks at the address): when
     * the connection comes from a trusted proxy, the request's remote address becomes the right-most address of
     * {@code X-Forwarded-For} that is not itself a trusted proxy, and its scheme that of {@code X-Forwarded-Proto}.
     */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> trustedProxyValve(TrustedProxies proxies) {
        return factory -> {
            if (proxies.isEmpty()) {
                return;
            }
            RemoteIpValve valve = new RemoteIpValve();
            valve.setInternalProxies(proxies.asCidrList());
            valve.setTrustedProxies("");
            valve.setRemoteIpHeader("X-Forwarded-For");
            valve.setProtocolHeader("X-Forwarded-Proto");
            factory.addEngineValves(valve);
        };
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        if (keys.configured()) {
            registry.addInterceptor(new ApiKeyInterceptor(keys))
                    .addPathPatterns("/uploads", "/uploads/**", "/files", "/files/**");
        }
    }
}
