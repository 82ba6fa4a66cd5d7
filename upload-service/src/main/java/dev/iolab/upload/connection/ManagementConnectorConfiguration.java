package dev.iolab.upload.connection;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The management port's connector, in the management server's own context (when {@code management.server.port}
 * differs from the service's; listed in {@code META-INF/spring/...ManagementContextConfiguration.imports}). Boot gives
 * that connector the public one's {@code server.tomcat.*} settings but none of {@link ConnectorConfiguration}'s guards,
 * so slow request heads from a thousand connections held it shut: health checks waited in its backlog and every
 * replica was marked down. Here it gets the guarded endpoint with {@code upload.management-connections.*}: a cap on
 * open connections that evicts the oldest slow head for a newcomer instead of queueing the newcomer, connections per
 * address, a deadline for request heads, a bounded keep-alive, and the same bounded lingering close. Refusals are
 * counted in {@code iolab.management.connections.refused{reason}}.
 * <p>
 * A {@code @ManagementContextConfiguration} is a {@code @Configuration}, so the service's own component scan finds this
 * class too; {@link InManagementContext} keeps it out of the service's context, where it would guard the public
 * connector with the management port's limits.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@Conditional(ManagementConnectorConfiguration.InManagementContext.class)
class ManagementConnectorConfiguration {

    /** True in the management server's own context: the one context of the service that has a parent. */
    static final class InManagementContext implements Condition {

        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return context.getBeanFactory() != null && context.getBeanFactory().getParentBeanFactory() != null;
        }
    }

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> guardedManagementConnector(
            ManagementConnectionProperties limits, MeterRegistry registry) {
        GuardedNioEndpoint.Events events = events(registry);
        TomcatConnections connections = new TomcatConnections();
        return factory -> {
            factory.setProtocol(GuardedHttp11NioProtocol.class.getName());
            factory.addEngineValves(new LingeringCloseValve(connections));
            factory.addConnectorCustomizers(connector -> {
                if (connector.getProtocolHandler() instanceof GuardedHttp11NioProtocol protocol) {
                    long headerMillis = limits.headerTimeout().toMillis();
                    // Our cap replaces Tomcat's, which would leave newcomers in the backlog behind slow heads.
                    protocol.setMaxConnections(limits.maxOpen() > 0 ? -1 : protocol.getMaxConnections());
                    protocol.setConnectionTimeout((int) Math.min(Integer.MAX_VALUE, headerMillis));
                    protocol.setKeepAliveTimeout((int) Math.min(
                            Integer.MAX_VALUE, limits.keepAliveTimeout().toMillis()));
                    protocol.setMaxKeepAliveRequests(limits.maxKeepAliveRequests());
                    GuardedNioEndpoint endpoint = protocol.guardedEndpoint();
                    endpoint.setMaxOpenEvictingHeads(limits.maxOpen());
                    endpoint.setMaxConnectionsPerAddress(limits.maxPerAddress());
                    endpoint.setHeaderTimeoutMillis(headerMillis);
                    endpoint.setEvents(events);
                    connections.attach(endpoint);
                }
            });
        };
    }

    private static GuardedNioEndpoint.Events events(MeterRegistry registry) {
        Counter overAddressLimit = refusals(registry, "per-address-limit");
        Counter headerTimeout = refusals(registry, "header-timeout");
        Counter lingerRefused = refusals(registry, "linger-share");
        Counter evicted = refusals(registry, "evicted-for-newcomer");
        Counter full = refusals(registry, "full");
        return new GuardedNioEndpoint.Events() {
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

            @Override
            public void evictedWhenFull() {
                evicted.increment();
            }

            @Override
            public void refusedWhenFull() {
                full.increment();
            }
        };
    }

    private static Counter refusals(MeterRegistry registry, String reason) {
        return Counter.builder("iolab.management.connections.refused")
                .description("Connections the management port closed early: over the per-address limit at accept,"
                        + " past the deadline for the request head, still in their head when a newcomer needed the"
                        + " room, at accept when full of requests in progress, or right after a refusal")
                .baseUnit("connections")
                .tag("reason", reason)
                .register(registry);
    }
}
