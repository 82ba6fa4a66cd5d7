package dev.iolab.loadtest.tus;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.HaproxyProcess;
import dev.iolab.stack.LoopbackPorts;
import dev.iolab.stack.ManagedProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's HAProxy in front of tus servers of one kind, with the repository's configuration
 * ({@code ops/haproxy/haproxy.cfg} as the stack derives its loopback variant, {@link HaproxyProcess#writeConfig}) and
 * one change for tusd: its health check asks for tusd's {@code /metrics} on its own port, since tusd has no
 * {@code /actuator/health}. No stickiness: every request is balanced by itself ({@code leastconn}).
 */
final class Balancer implements AutoCloseable {

    /** An access-log line: {@code ... uploads upload-service/<server> ... "<METHOD> <uri> HTTP/1.1"}. */
    private static final Pattern LINE =
            Pattern.compile("uploads upload-service/(\\S+) .*\"([A-Z]+) (\\S+) HTTP/[0-9.]+\"");

    /** A request as HAProxy logged it: the server it went to, its method and URI. */
    record Logged(String server, String method, String uri) {}

    private final ManagedProcess process;
    private final URI baseUrl;

    private Balancer(ManagedProcess process, URI baseUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
    }

    /** Starts HAProxy in front of {@code servers} (all of one kind) and waits until it has checked them UP. */
    static Balancer start(Path dir, List<TusServer> servers) throws IOException, InterruptedException {
        Path binary = ExternalTool.HAPROXY.require();
        int port = LoopbackPorts.free();
        int stats = LoopbackPorts.free();
        List<HaproxyProcess.Backend> backends = servers.stream()
                .map(s -> new HaproxyProcess.Backend(s.name(), s.port(), s.checkPort()))
                .toList();
        Path config = HaproxyProcess.writeConfig(dir, port, stats, backends);
        Files.writeString(
                config,
                Files.readString(config)
                        .replace(
                                "uri /actuator/health",
                                "uri " + servers.getFirst().checkUri()));
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        ManagedProcess process = ManagedProcess.start(
                "haproxy",
                List.of(binary.toString(), "-W", "-db", "-f", config.toString()),
                Map.of("HAPROXY_STATS_PASSWORD", password),
                dir,
                dir.resolve("haproxy.log"));
        URI statsCsv = URI.create("http://127.0.0.1:" + stats + "/stats;csv");
        String login =
                "Basic " + Base64.getEncoder().encodeToString(("stats:" + password).getBytes(StandardCharsets.UTF_8));
        process.awaitReady(Duration.ofSeconds(60), () -> allUp(statsCsv, login, servers.size()));
        return new Balancer(process, URI.create("http://127.0.0.1:" + port));
    }

    private static boolean allUp(URI stats, String login, int servers) {
        try (HttpClient http = HttpClient.newHttpClient()) {
            String csv = http.send(
                            HttpRequest.newBuilder(stats)
                                    .header("Authorization", login)
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            long up = csv.lines()
                    .filter(l -> l.startsWith("upload-service,") && !l.startsWith("upload-service,BACKEND"))
                    .filter(l -> l.contains(",UP,"))
                    .count();
            return up == servers;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** {@code http://127.0.0.1:<port>/files/}. */
    URI endpoint() {
        return baseUrl.resolve("/files/");
    }

    URI baseUrl() {
        return baseUrl;
    }

    /** Every request HAProxy has logged so far, in order. */
    List<Logged> requests() throws IOException {
        List<Logged> logged = new ArrayList<>();
        for (String line : Files.readAllLines(process.log(), StandardCharsets.UTF_8)) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                logged.add(new Logged(m.group(1), m.group(2), m.group(3)));
            }
        }
        return logged;
    }

    /**
     * The servers of the requests logged for {@code uri}, in order, once there are at least {@code atLeast} of them or
     * after 5 s (HAProxy logs a request when its answer has gone).
     */
    List<String> servers(String uri, int atLeast) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        List<String> servers;
        do {
            servers = requests().stream()
                    .filter(r -> r.uri().equals(uri))
                    .map(Logged::server)
                    .toList();
            if (servers.size() >= atLeast) {
                return servers;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return servers;
    }

    @Override
    public void close() {
        process.close();
    }
}
