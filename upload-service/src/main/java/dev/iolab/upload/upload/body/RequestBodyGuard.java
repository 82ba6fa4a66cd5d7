package dev.iolab.upload.upload.body;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.TomcatConnections;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.fileupload2.core.RequestContext;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletRequestContext;
import org.apache.commons.io.function.IOSupplier;
import org.springframework.stereotype.Component;

/**
 * Puts every upload body behind the minimum rate ({@code upload.body.*}, {@link MinimumRateInputStream}) as the
 * request is parsed, on the container thread: the clock starts when the head has arrived, so a client that does not
 * send its body while it waits in the queue cannot hold an upload thread for a fresh grace period once it is read
 * (it gets {@code upload.body.queued-grace}). Nothing is opened or read here.
 */
@Component
public class RequestBodyGuard {

    private final MinimumRate rate;
    private final TomcatConnections connections;

    RequestBodyGuard(BodyProperties properties, TomcatConnections connections) {
        this.rate = properties.minimumRate();
        this.connections = connections;
    }

    /** Opens the request's body behind the rate; opening reads nothing. */
    public IOSupplier<InputStream> raw(HttpServletRequest request) {
        long arrived = System.nanoTime();
        return () -> guard(request.getInputStream(), request, arrived);
    }

    /** The request as commons-fileupload reads it, its body behind the rate. */
    public RequestContext multipart(HttpServletRequest request) {
        long arrived = System.nanoTime();
        return new JakartaServletRequestContext(request) {
            @Override
            public InputStream getInputStream() throws IOException {
                return guard(super.getInputStream(), request, arrived);
            }
        };
    }

    private InputStream guard(InputStream body, HttpServletRequest request, long arrived) {
        return rate.enabled() ? new MinimumRateInputStream(body, rate, arrived, connections.of(request)) : body;
    }
}
