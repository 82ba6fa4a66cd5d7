package dev.iolab.stack;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in for one upload-service replica behind HAProxy, to test the balancer's configuration (not the service):
 * a public port that reads each request body to its end, counting the bytes as they arrive, and answers 201 with its
 * name; a management port whose {@code /actuator/health} answers 200. It records what HAProxy forwarded.
 */
final class StubReplica implements AutoCloseable {

    /** One request as the replica received it. */
    record Received(String remoteAddress, List<String> forwardedFor, long bodyBytes) {}

    final String name;
    final List<Received> requests = new CopyOnWriteArrayList<>();
    /** Body bytes read so far, over all requests (updated while a body arrives). */
    final AtomicLong bodyBytes = new AtomicLong();

    private final HttpServer uploads;
    private final HttpServer management;

    private StubReplica(String name) throws IOException {
        this.name = name;
        uploads = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        uploads.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        uploads.createContext("/", this::upload);
        management = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        management.createContext("/actuator/health", ex -> answer(ex, 200, "{\"status\":\"UP\"}"));
        uploads.start();
        management.start();
    }

    static StubReplica start(String name) throws IOException {
        return new StubReplica(name);
    }

    HaproxyProcess.Backend backend() {
        return new HaproxyProcess.Backend(
                name, uploads.getAddress().getPort(), management.getAddress().getPort());
    }

    private void upload(HttpExchange ex) throws IOException {
        long read = 0;
        byte[] buffer = new byte[8192];
        try (InputStream in = ex.getRequestBody()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                read += n;
                bodyBytes.addAndGet(n);
            }
        }
        List<String> xff = ex.getRequestHeaders().get("X-Forwarded-For");
        requests.add(new Received(
                ex.getRemoteAddress().getAddress().getHostAddress(), xff == null ? List.of() : List.copyOf(xff), read));
        answer(ex, 201, name);
    }

    private static void answer(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, bytes.length);
        try (var out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Both ports closed at once: to HAProxy, a replica that died. */
    @Override
    public void close() {
        uploads.stop(0);
        management.stop(0);
    }
}
