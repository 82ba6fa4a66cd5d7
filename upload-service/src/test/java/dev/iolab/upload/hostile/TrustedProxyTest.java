package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Who the client is behind a proxy. Only a connection from a trusted proxy ({@code upload.proxy.trusted}, 127.0.0.5
 * here) may name its client in {@code X-Forwarded-For}; the client is then the right-most address of the header that is
 * not itself a trusted proxy, IPv6 clients counted per /64; a proxy's own connections are not counted against one
 * address. Eight upload threads and no waiting places: each client runs at most 2 uploads, and the client an upload
 * was counted against is the one its 429 names. Ten connections per address.
 */
@TestPropertySource(
        properties = {
            "upload.container=proxy",
            "upload.temp-dir=target/upload-spool-proxy",
            "upload.proxy.trusted=127.0.0.5/32",
            "upload.connections.max-per-address=10",
            "upload.executor.max-size=8",
            "upload.executor.queue-capacity=0"
        })
class TrustedProxyTest extends RunningServiceSupport {

    private static final InetAddress PROXY = InetAddress.ofLiteral("127.0.0.5");
    private static final InetAddress UNTRUSTED = InetAddress.ofLiteral("127.0.0.6");

    private final List<RawHttp> connections = new ArrayList<>();

    @AfterEach
    void hangUp() throws IOException {
        for (RawHttp client : connections) {
            client.abort();
        }
    }

    @Test
    void countsTheClientAProxyNamesAndNotTheProxy() throws Exception {
        holdUpload(PROXY, "198.51.100.9");
        holdUpload(PROXY, "198.51.100.9");

        assertOverShare(PROXY, "198.51.100.9", "198.51.100.9");
        assertOverShare(PROXY, "203.0.113.1, 198.51.100.9", "198.51.100.9");
        assertOverShare(PROXY, "198.51.100.9, 127.0.0.5", "198.51.100.9");
        holdUpload(PROXY, "198.51.100.10"); // another client behind the same proxy
        assertANormalUploadIsServed();
    }

    @Test
    void believesNoAddressFromAConnectionThatIsNotATrustedProxy() throws Exception {
        holdUpload(UNTRUSTED, "198.51.100.20");
        holdUpload(UNTRUSTED, "198.51.100.21");

        assertOverShare(UNTRUSTED, "198.51.100.22", "127.0.0.6");
    }

    @Test
    void countsIpv6ClientsPerSlash64() throws Exception {
        holdUpload(PROXY, "2001:db8:0:1::1");
        holdUpload(PROXY, "2001:db8:0:1:aaaa::2");

        assertOverShare(PROXY, "2001:db8:0:1::3", "2001:db8:0:1::/64");
        holdUpload(PROXY, "2001:db8:0:2::1");
    }

    @Test
    void doesNotLimitAProxysConnectionsAsOneAddresss() throws Exception {
        int servedViaProxy = 0;
        int servedDirect = 0;
        for (int i = 0; i < 30; i++) {
            RawHttp viaProxy = open(PROXY);
            RawHttp direct = open(UNTRUSTED);
            servedViaProxy += answered(viaProxy) ? 1 : 0;
            servedDirect += answered(direct) ? 1 : 0;
        }
        assertThat(servedViaProxy)
                .as("the proxy's 30 connections, all open at once")
                .isEqualTo(30);
        assertThat(servedDirect).as("one address's, beyond its 10").isEqualTo(10);
    }

    /** Starts an upload for {@code forwardedFor} and sends half its body: it runs, holding one of its client's 2. */
    private void holdUpload(InetAddress from, String forwardedFor) throws Exception {
        double running = runningUploads();
        RawHttp client = open(from);
        client.head(
                        "PUT /uploads/proxy/" + connections.size() + "?strategy=temp-file HTTP/1.1",
                        "Content-Length: 1000",
                        "X-Forwarded-For: " + forwardedFor)
                .body(new byte[500]);
        await().atMost(30, TimeUnit.SECONDS).until(() -> runningUploads() == running + 1);
    }

    private void assertOverShare(InetAddress from, String forwardedFor, String countedAs) throws Exception {
        RawHttp client = open(from);
        RawHttp.Response refused = client.head(
                        "PUT /uploads/proxy/refused?strategy=temp-file HTTP/1.1",
                        "Content-Length: 1000",
                        "Expect: 100-continue",
                        "X-Forwarded-For: " + forwardedFor)
                .response(false);
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.body()).contains(Problems.TYPE_PREFIX + "over-share", "(" + countedAs + ")");
    }

    private void assertANormalUploadIsServed() throws Exception {
        HttpResponse<String> normal = http.send(
                HttpRequest.newBuilder(uri("/uploads/proxy/normal?strategy=temp-file"))
                        .timeout(Duration.ofMinutes(1))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[100_000]))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(normal.statusCode()).as(normal.body()).isEqualTo(201);
    }

    private RawHttp open(InetAddress from) throws IOException {
        RawHttp client = new RawHttp(from, port);
        connections.add(client);
        return client;
    }

    /** Whether a connection still open is served: a keep-alive request answered (404: no such blob). */
    private static boolean answered(RawHttp client) {
        try {
            return client.head("GET /uploads/proxy/none HTTP/1.1")
                            .response(false)
                            .status()
                    == 404;
        } catch (IOException closedAtAccept) {
            return false;
        }
    }

    private double runningUploads() {
        return registry.get("executor.active")
                .tag("name", "uploadExecutor")
                .gauge()
                .value();
    }
}
