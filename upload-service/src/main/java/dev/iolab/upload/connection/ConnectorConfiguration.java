package dev.iolab.upload.connection;

import dev.iolab.upload.client.TrustedProxies;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;

/**
 * The connector: Tomcat's own limits come from {@code server.tomcat.*} ({@code application.properties}); this adds
 * what Tomcat has no setting for (see {@code docs/upload-service.md}, "Limits"):
 * <ul>
 *   <li>{@link GuardedHttp11NioProtocol}: connections per client address (a trusted proxy's exempt), a deadline for
 *       request heads, and a lingering close that ends ({@code upload.connections.*}), counted in
 *       {@code iolab.connections.refused{reason}};
 *   <li>{@link LingeringCloseValve}: a refused request's unread body is discarded under that deadline, or not at all;
 *   <li>{@code continueResponseTiming=onRead}: Tomcat sends {@code 100 Continue} only when the application first reads
 *       the body, so a client that sent {@code Expect: 100-continue} and is refused before its body is read (503, 413,
 *       411, 401) never has to send the body. Tomcat's default is {@code immediately}.
 * </ul>
 * {@link TomcatConnections} gives the body and response decorators the connection under a request.
 */
@Configuration(proxyBeanMethods = false)
class ConnectorConfiguration {

    @Bean
    TomcatConnections tomcatConnections() {
        return new TomcatConnections();
    }

    @Bean
    LingerLimits lingerLimits(ConnectionProperties limits, Environment environment) {
        DataSize swallow = Binder.get(environment)
                .bind("server.tomcat.max-swallow-size", DataSize.class)
                .orElse(DataSize.ofMegabytes(2)); // Tomcat's own default
        return new LingerLimits(swallow.toBytes() < 0 ? Long.MAX_VALUE : swallow.toBytes(), limits.lingerTime());
    }

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> guardedConnector(
            ConnectionProperties limits,
            TomcatConnections connections,
            TrustedProxies proxies,
            MeterRegistry registry) {
        Counter overAddressLimit = refusals(registry, "per-address-limit");
        Counter headerTimeout = refusals(registry, "header-timeout");
        Counter lingerRefused = refusals(registry, "linger-share");
        GuardedNioEndpoint.Events events = new GuardedNioEndpoint.Events() {
            @Override
            public void refusedOverAddressLimit() {
                overAddressLimit.increment();
            }

            @Override
            public void headerTimedOut() {
                headerTimeout.increment();
            }

            @Override
            public void lingerRefused() {
                lingerRefused.increment();
            }
        };
        return factory -> {
            factory.setProtocol(GuardedHttp11NioProtocol.class.getName());
            factory.addEngineValves(new LingeringCloseValve(connections));
            factory.addConnectorCustomizers(connector -> {
                connector.setProperty("continueResponseTiming", "onRead");
                if (connector.getProtocolHandler() instanceof GuardedHttp11NioProtocol protocol) {
                    GuardedNioEndpoint endpoint = protocol.guardedEndpoint();
                    endpoint.setMaxConnectionsPerAddress(limits.maxPerAddress());
                    endpoint.setExemptAddresses(proxies::contains);
                    endpoint.setHeaderTimeoutMillis(limits.headerTimeout().toMillis());
                    endpoint.setLinger(limits.lingerTime().toMillis(), limits.maxLingeringPerClient());
                    endpoint.setEvents(events);
                    connections.attach(endpoint);
                }
            });
        };
    }

    private static Counter refusals(MeterRegistry registry, String reason) {
        return Counter.builder("iolab.connections.refused")
                .description("Connections the connector closed early: over the per-address limit at accept, past the"
                        + " deadline for the request head, or right after a refusal because their client lingers on"
                        + " its share of connections already")
                .baseUnit("connections")
                .tag("reason", reason)
                .register(registry);
    }
}
