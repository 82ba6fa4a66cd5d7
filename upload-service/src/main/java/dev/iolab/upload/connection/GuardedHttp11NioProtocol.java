package dev.iolab.upload.connection;

import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's HTTP/1.1 NIO protocol on a {@link GuardedNioEndpoint}: connections per client address and a deadline for
 * request heads on top of Tomcat's own limits. Public with a no-argument constructor because Tomcat instantiates its
 * protocol by class name ({@code TomcatServletWebServerFactory#setProtocol}); {@link ConnectorConfiguration} sets the
 * limits.
 */
public class GuardedHttp11NioProtocol extends Http11NioProtocol {

    public GuardedHttp11NioProtocol() {
        super(new GuardedNioEndpoint());
    }

    GuardedNioEndpoint guardedEndpoint() {
        return (GuardedNioEndpoint) getEndpoint();
    }
}
