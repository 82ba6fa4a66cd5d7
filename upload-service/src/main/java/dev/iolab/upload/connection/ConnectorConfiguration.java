package dev.iolab.upload.connection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The connector: Tomcat's own limits come from {@code server.tomcat.*} ({@code application.properties}); this adds
 * what Tomcat has no setting for (see {@code docs/upload-service.md}, "Limits"):
 * <ul>
 *   <li>{@link GuardedHttp11NioProtocol}: connections per client address, and a deadline for request heads
 *       ({@code upload.connections.*}), counted in {@code iolab.connections.refused{reason}};
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
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> guardedConnector(
            ConnectionProperties limits, TomcatConnections connections, MeterRegistry registry) {
        Counter overAddressLimit = refusals(registry, "per-address-limit");
        Counter headerTimeout = refusals(registry, "header-timeout");
        GuardedNioEndpoint.Events events = new GuardedNioEndpoint.Events() {
            @Override
            public void refusedOverAddressLimit() {
                overAddressLimit.increment();
            }

            @Override
            public void headerTimedOut() {
                headerTimeout.increment();
            }
        };
        return factory -> {
            factory.setProtocol(GuardedHttp11NioProtocol.class.getName());
            factory.addConnectorCustomizers(connector -> {
                connector.setProperty("continueResponseTiming", "onRead");
                if (connector.getProtocolHandler() instanceof GuardedHttp11NioProtocol protocol) {
                    GuardedNioEndpoint endpoint = protocol.guardedEndpoint();
                    endpoint.setMaxConnectionsPerAddress(limits.maxPerAddress());
                    endpoint.setHeaderTimeoutMillis(limits.headerTimeout().toMillis());
                    endpoint.setEvents(events);
                    connections.attach(endpoint);
                }
            });
        };
    }

    private static Counter refusals(MeterRegistry registry, String reason) {
        return Counter.builder("iolab.connections.refused")
                .description("Connections the connector closed before a request was served: over the per-address"
                        + " limit at accept, or past the deadline for the request head")
                .baseUnit("connections")
                .tag("reason", reason)
                .register(registry);
    }
}
