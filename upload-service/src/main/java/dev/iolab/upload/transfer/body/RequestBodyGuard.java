package dev.iolab.upload.transfer.body;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.TomcatConnections;
import dev.iolab.upload.transfer.shedding.LoadShedder;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletRequestContext;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * Puts every upload body behind its deadlines ({@code upload.body.*}, {@link MinimumRateInputStream}) as the request
 * is parsed, on the container thread: the clock starts when the head has arrived, so a client that does not send its
 * body while it waits in the queue cannot hold an upload thread for a fresh grace period once it is read (it gets
 * {@code upload.body.queued-grace}, as does a client that sent {@code Expect: 100-continue} once it is told to send).
 * From its first read the body is watched by the {@link LoadShedder}, which may cut it when it is among the slowest
 * while the upload threads run short. Nothing is opened or read here.
 */
@Component
public class RequestBodyGuard {

    private final MinimumRate rate;
    private final Duration maxDuration;
    private final TomcatConnections connections;
    private final LoadShedder shedder;

    RequestBodyGuard(BodyProperties properties, TomcatConnections connections, LoadShedder shedder) {
        this.rate = properties.minimumRate();
        this.maxDuration = properties.maxDuration();
        this.connections = connections;
        this.shedder = shedder;
    }

    /** Opens the request's body behind its deadlines; opening reads nothing. */
    public BodySource.Raw raw(HttpServletRequest request) {
        long arrived = System.nanoTime();
        BodyLinger linger = new BodyLinger();
        return new BodySource.Raw(() -> guard(request.getInputStream(), request, arrived, linger), linger);
    }

    /** The request as commons-fileupload reads it, its body behind its deadlines. */
    public MultipartBody multipart(HttpServletRequest request) {
        long arrived = System.nanoTime();
        BodyLinger linger = new BodyLinger();
        return new MultipartBody(
                new JakartaServletRequestContext(request) {
                    @Override
                    public InputStream getInputStream() throws IOException {
                        return guard(super.getInputStream(), request, arrived, linger);
                    }
                },
                linger);
    }

    private InputStream guard(InputStream body, HttpServletRequest request, long arrived, BodyLinger linger) {
        return new MinimumRateInputStream(
                body,
                rate,
                arrived,
                maxDuration,
                "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT)),
                linger,
                connections.of(request),
                System::nanoTime,
                shedder);
    }
}
