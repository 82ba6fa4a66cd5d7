package dev.iolab.upload.connection;

import dev.iolab.upload.client.ClientKey;
import jakarta.servlet.ServletConnection;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * Bounds what Tomcat does after answering a request whose body nobody read (a refusal: 401, 404, 405, 406, 409, 413,
 * 415, 422, 429, 503, ...). Tomcat then reads and discards the rest of the body before it takes the next request or
 * closes the connection, so that the client is not reset before it has read its answer — with {@code
 * server.tomcat.max-swallow-size} bounding the bytes, but nothing bounding the time: a client that keeps trickling its
 * body kept a container thread for as long as it liked. Here such a connection lingers under a deadline ({@link
 * GuardedNioEndpoint#linger}: {@code upload.connections.linger-time}), and a client that lingers on its share of
 * connections already ({@code upload.connections.max-lingering-per-client}) is not waited for at all: its connection is
 * closed right after the answer. Runs after Tomcat's {@code RemoteIpValve}, so the client behind a trusted proxy is the
 * one counted. Asynchronous requests (uploads) discard their own bodies, under the same deadline.
 */
final class LingeringCloseValve extends ValveBase {

    private final TomcatConnections connections;

    LingeringCloseValve(TomcatConnections connections) {
        super(true);
        this.connections = connections;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        if (request.isAsyncStarted() || bodyRead(request)) {
            return;
        }
        GuardedNioEndpoint endpoint = connections.endpoint();
        ServletConnection connection = request.getServletConnection();
        if (endpoint == null || connection == null) {
            return;
        }
        boolean lingers = endpoint.socket(connection.getConnectionId())
                .map(wrapper -> endpoint.linger(
                        wrapper, request.getCoyoteRequest(), ClientKey.ofAddress(request.getRemoteAddr())))
                .orElse(false); // a connection the endpoint does not know is not left to discard without a deadline
        if (!lingers) {
            request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
        }
    }

    /** Whether the request's body (if it has one) has been read to its end: then there is nothing to discard. */
    private static boolean bodyRead(Request request) {
        AtomicBoolean finished = new AtomicBoolean();
        request.getCoyoteRequest().action(ActionCode.REQUEST_BODY_FULLY_READ, finished);
        return finished.get();
    }
}
