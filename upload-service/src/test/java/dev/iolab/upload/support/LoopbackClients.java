package dev.iolab.upload.support;

import java.net.InetAddress;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Distinct clients on this machine: every 127.x.y.z address is the loopback interface, so connections bound to
 * {@code 127.0.1.1}, {@code 127.0.1.2}, ... are, to the service's per-client shares, as many different clients.
 * {@code 127.0.0.1} is never one of them (it is every test's default client).
 */
public final class LoopbackClients implements AutoCloseable {

    private final List<HttpClient> clients;

    private LoopbackClients(List<HttpClient> clients) {
        this.clients = clients;
    }

    /** Client number {@code index} (0-based): {@code 127.0.1.1} onwards, host bytes 1 to 254. */
    public static InetAddress address(int index) {
        return InetAddress.ofLiteral("127.0." + (1 + index / 254) + "." + (1 + index % 254));
    }

    /** {@code count} HTTP clients, client {@code i} connecting from {@link #address address(i)}. */
    public static LoopbackClients open(int count) {
        List<HttpClient> clients = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            clients.add(HttpClient.newBuilder()
                    .localAddress(address(i))
                    .connectTimeout(Duration.ofMinutes(1))
                    .build());
        }
        return new LoopbackClients(clients);
    }

    public HttpClient get(int index) {
        return clients.get(index);
    }

    @Override
    public void close() {
        clients.forEach(HttpClient::close);
    }
}
