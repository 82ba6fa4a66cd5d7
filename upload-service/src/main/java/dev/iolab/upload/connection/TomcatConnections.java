package dev.iolab.upload.connection;

import jakarta.servlet.ServletConnection;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.TimeUnit;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Finds the Tomcat connection under a request ({@link #of}), so that a body or response decorator can bound how long
 * its next blocking read or write waits. Attached to the connector's endpoint by {@link ConnectorConfiguration}.
 */
public final class TomcatConnections {

    private volatile GuardedNioEndpoint endpoint;

    void attach(GuardedNioEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /** The guarded connector's endpoint, or null before it has started (or under a mock request). */
    GuardedNioEndpoint endpoint() {
        return endpoint;
    }

    /**
     * The connection of {@code request}, or {@link RequestSocket#NONE} when it is not one of the guarded connector's
     * (a mock request, another connector) or has closed.
     */
    public RequestSocket of(HttpServletRequest request) {
        GuardedNioEndpoint current = endpoint;
        if (current == null) {
            return RequestSocket.NONE;
        }
        ServletConnection connection = request.getServletConnection();
        if (connection == null) {
            return RequestSocket.NONE;
        }
        return current.socket(connection.getConnectionId())
                .<RequestSocket>map(wrapper -> new TomcatSocket(current, wrapper))
                .orElse(RequestSocket.NONE);
    }

    /**
     * Sets the socket's timeouts. For a read, the endpoint also holds off the poller's idle check for the wait and a
     * second more, so that the blocked thread times out first and answers 408 (the poller would close the connection
     * without an answer).
     */
    private record TomcatSocket(GuardedNioEndpoint endpoint, SocketWrapperBase<?> wrapper) implements RequestSocket {

        @Override
        public void nextReadWaitsAtMost(long millis) {
            long wait = endpoint.readWaitAtMost(wrapper, Math.max(1, millis));
            endpoint.holdIdleCheck(wrapper, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait + 1000));
            wrapper.setReadTimeout(wait);
            if (wrapper instanceof NioEndpoint.NioSocketWrapper nio) {
                nio.updateLastRead();
            }
        }

        @Override
        public void readEnded() {
            endpoint.releaseIdleCheck(wrapper);
        }

        @Override
        public void nextWriteWaitsAtMost(long millis) {
            wrapper.setWriteTimeout(Math.max(1, millis));
            if (wrapper instanceof NioEndpoint.NioSocketWrapper nio) {
                nio.updateLastWrite();
            }
        }
    }
}
