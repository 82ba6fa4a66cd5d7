package dev.iolab.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Debian's HAProxy ({@code apt-get install haproxy}) in front of upload-service replicas on loopback, with the
 * repository's own configuration ({@code ops/haproxy/haproxy.cfg}, the one docker-compose mounts): every balancing,
 * health-check, timeout and retry setting is the committed one, and only what differs outside Docker is replaced —
 * the listening addresses (free loopback ports), the replicas ({@code server} lines with each replica's server and
 * management port) and Docker's DNS resolver. Unprivileged; logs (access log and health changes) in
 * {@code haproxy.log}; stopped and waited for on close.
 *
 * <p>{@link #servers()} reads HAProxy's own view of the replicas (stats CSV): UP or DOWN, sessions now and in all. The
 * stats page asks for a login (user {@code stats}); each start gets a random password ({@link #statsPassword()}),
 * given to HAProxy as {@code HAPROXY_STATS_PASSWORD}.
 */
public final class HaproxyProcess implements AutoCloseable {

    /** The committed configuration the stack derives its variant from. */
    public static final String CONFIG = "ops/haproxy/haproxy.cfg";

    /**
     * One replica behind the balancer, on 127.0.0.1.
     *
     * @param name           the server's name in HAProxy (and in its stats), e.g. {@code replica-1}
     * @param port           the replica's public (upload) port
     * @param managementPort where HAProxy checks {@code /actuator/health}
     */
    public record Backend(String name, int port, int managementPort) {}

    /**
     * One replica as HAProxy sees it (a line of its stats CSV).
     *
     * @param status          {@code UP}, {@code DOWN}, {@code UP 1/2} (up, one check of the fall count failed),
     *                        {@code DOWN 1/2} (down, one check of the rise count passed), {@code MAINT}
     * @param currentSessions connections to the replica now
     * @param totalSessions   connections sent to it since HAProxy started
     * @param checkStatus     the last health check's result, e.g. {@code L7OK}, {@code L4CON} (connection refused)
     */
    public record ServerState(String name, String status, int currentSessions, long totalSessions, String checkStatus) {

        /** Taking traffic: {@code UP}, also while its checks start failing. */
        public boolean up() {
            return status.startsWith("UP");
        }

        /** Taken out: {@code DOWN} (also while its checks start passing again) or in maintenance. */
        public boolean down() {
            return status.startsWith("DOWN") || status.startsWith("MAINT");
        }
    }

    /** The stats page's user, as the committed configuration names it. */
    public static final String STATS_USER = "stats";

    private final ManagedProcess process;
    private final URI baseUrl;
    private final URI statsUrl;
    private final String statsPassword;

    private HaproxyProcess(ManagedProcess process, URI baseUrl, URI statsUrl, String statsPassword) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.statsUrl = statsUrl;
        this.statsPassword = statsPassword;
    }

    /**
     * Writes {@code haproxy.cfg} into {@code dir}: the committed configuration listening on {@code 127.0.0.1:port}
     * (stats and metrics on {@code statsPort}), balancing over {@code backends}, without Docker's resolver.
     */
    public static Path writeConfig(Path dir, int port, int statsPort, List<Backend> backends) throws IOException {
        if (backends.isEmpty()) {
            throw new IllegalArgumentException("HAProxy needs at least one replica behind it");
        }
        StringBuilder servers = new StringBuilder();
        for (Backend b : backends) {
            servers.append("    server ")
                    .append(b.name())
                    .append(" 127.0.0.1:")
                    .append(b.port())
                    .append(" port ")
                    .append(b.managementPort())
                    .append('\n');
        }
        return ConfigTemplate.read(CONFIG)
                .replaceOnce("    bind :8080\n", "    bind 127.0.0.1:" + port + "\n")
                .replaceOnce("    bind :8404\n", "    bind 127.0.0.1:" + statsPort + "\n")
                .replaceOnce("resolvers docker\n    nameserver dns 127.0.0.11:53\n    hold valid 10s\n", "")
                .replaceOnce(" init-addr last,libc,none resolvers docker\n", "\n")
                .replaceOnce(
                        "    server replica-1 upload-service-1:8080 port 8081\n"
                                + "    server replica-2 upload-service-2:8080 port 8081\n",
                        servers.toString())
                .writeTo(dir.resolve("haproxy.cfg"));
    }

    /**
     * Starts HAProxy on {@code 127.0.0.1:port} (0: a free port) in front of {@code backends}, its configuration and log
     * in {@code workDir}; ready when its stats page answers. The replicas' health is HAProxy's to find out:
     * {@link #awaitAllUp} waits for it.
     */
    public static HaproxyProcess start(Path workDir, int port, List<Backend> backends)
            throws IOException, InterruptedException {
        Path binary = ExternalTool.HAPROXY.require();
        int listen = port > 0 ? port : LoopbackPorts.free();
        int stats = LoopbackPorts.free();
        Path config = writeConfig(workDir, listen, stats, backends);
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        // -W: master-worker (the master stops its worker on TERM and waits for it); -db: stay in the foreground.
        ManagedProcess process = ManagedProcess.start(
                "haproxy",
                List.of(binary.toString(), "-W", "-db", "-f", config.toString()),
                Map.of("HAPROXY_STATS_PASSWORD", password),
                workDir,
                workDir.resolve("haproxy.log"));
        // Ready when its metrics answer: the one path of the stats port that needs no login.
        process.awaitReady(
                Duration.ofSeconds(30), ManagedProcess.httpOk(URI.create("http://127.0.0.1:" + stats + "/metrics")));
        URI statsUrl = URI.create("http://127.0.0.1:" + stats + "/stats");
        return new HaproxyProcess(process, URI.create("http://127.0.0.1:" + listen), statsUrl, password);
    }

    /** Waits until HAProxy reports every replica UP; fails with its stats and log after {@code timeout}. */
    public HaproxyProcess awaitAllUp(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ServerState> last = List.of();
        while (System.nanoTime() < deadline) {
            try {
                last = servers();
                if (!last.isEmpty() && last.stream().allMatch(s -> s.status().equals("UP"))) {
                    return this;
                }
            } catch (IOException e) {
                // not answering for a moment; the deadline decides
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("HAProxy did not report every replica UP within " + timeout.toSeconds() + " s: "
                + last + "; log " + process.log() + ":\n" + process.tail());
    }

    /** Every replica as HAProxy sees it now, in configuration order. */
    public List<ServerState> servers() throws IOException, InterruptedException {
        String login =
                Base64.getEncoder().encodeToString((STATS_USER + ":" + statsPassword).getBytes(StandardCharsets.UTF_8));
        return parseStats(LocalHttp.get(URI.create(statsUrl + ";csv"), Duration.ofSeconds(5), "Basic " + login));
    }

    /** The replica lines of HAProxy's stats CSV (header {@code # pxname,svname,...}). */
    static List<ServerState> parseStats(String csv) {
        List<String> lines = csv.lines().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty() || !lines.getFirst().startsWith("# ")) {
            throw new IllegalArgumentException("not HAProxy's stats CSV: " + csv);
        }
        String[] header = lines.getFirst().substring(2).split(",", -1);
        Map<String, Integer> column = new HashMap<>();
        for (int i = 0; i < header.length; i++) {
            column.put(header[i], i);
        }
        List<ServerState> servers = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            String name = f[column.get("svname")];
            if (name.equals("FRONTEND")
                    || name.equals("BACKEND")
                    || !f[column.get("pxname")].equals("upload-service")) {
                continue;
            }
            servers.add(new ServerState(
                    name,
                    f[column.get("status")],
                    Integer.parseInt(f[column.get("scur")]),
                    Long.parseLong(f[column.get("stot")]),
                    f[column.get("check_status")]));
        }
        return servers;
    }

    /** Where clients send uploads: {@code http://127.0.0.1:<port>}. */
    public URI baseUrl() {
        return baseUrl;
    }

    public int port() {
        return baseUrl.getPort();
    }

    /** HAProxy's stats page ({@code /stats}; {@code ;csv} appended for scripts), user {@link #STATS_USER}. */
    public URI statsUrl() {
        return statsUrl;
    }

    /** The stats page's password for this run. */
    public String statsPassword() {
        return statsPassword;
    }

    /** {@code 127.0.0.1:<stats port>}: where Prometheus scrapes HAProxy's own metrics ({@code /metrics}). */
    public String metricsTarget() {
        return statsUrl.getHost() + ":" + statsUrl.getPort();
    }

    public ManagedProcess process() {
        return process;
    }

    /** Stops HAProxy (TERM: the master stops its worker) and waits for it. */
    @Override
    public void close() {
        process.close();
    }
}
