package dev.iolab.stack;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Debian's nginx ({@code apt-get install nginx-light}) on a free loopback port as the cheapest possible hop in front of
 * the blob store: it streams every request to one upstream ({@code proxy_request_buffering off}, HTTP/1.1 keep-alive,
 * no body size limit) and does nothing else. The configuration ({@code nginx-storage-hop.conf} beside this class,
 * each setting commented) is written into the work directory with its pid file and temporary directories; nginx runs
 * unprivileged there, in the foreground, its errors in {@code nginx.log}, and is stopped with its workers on close.
 *
 * <p>{@link #cpuSeconds()} is the CPU of the master and its workers together: the hop's cost.
 */
public final class NginxProcess implements AutoCloseable {

    private static final String TEMPLATE = "nginx-storage-hop.conf";

    private final NginxLauncher nginx;

    private NginxProcess(NginxLauncher nginx) {
        this.nginx = nginx;
    }

    /** Writes {@code nginx.conf} into {@code dir}: listening on {@code 127.0.0.1:port}, proxying to {@code upstream}. */
    public static Path writeConfig(Path dir, int port, String upstream) throws IOException {
        String template;
        try (InputStream in = NginxProcess.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is missing from the stack module's resources");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String config = template.replace("@DIR@", dir.toAbsolutePath().toString())
                .replace("@UPSTREAM@", upstream)
                .replace("@PORT@", Integer.toString(port));
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("nginx.conf"), config, StandardCharsets.UTF_8);
    }

    /**
     * Starts nginx in {@code workDir} on a free loopback port, proxying to {@code upstream} ({@code host:port}, e.g.
     * Azurite's {@code 127.0.0.1:10000}); ready when it accepts connections.
     */
    public static NginxProcess start(Path workDir, String upstream) throws IOException, InterruptedException {
        Path binary = ExternalTool.NGINX.require();
        int port = LoopbackPorts.free();
        Path config = writeConfig(workDir, port, upstream);
        return new NginxProcess(NginxLauncher.start("nginx", binary, workDir, config, port, Map.of()));
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI baseUrl() {
        return nginx.baseUrl();
    }

    public int port() {
        return nginx.baseUrl().getPort();
    }

    /** CPU seconds nginx's master and workers have used so far. */
    public double cpuSeconds() {
        return nginx.cpuSeconds();
    }

    /** The master and its workers (for tests: what close must stop). */
    public List<ProcessHandle> processes() {
        return nginx.processes();
    }

    public ManagedProcess process() {
        return nginx.process();
    }

    /** Stops nginx (TERM: fast shutdown of master and workers) and waits for it. */
    @Override
    public void close() {
        nginx.close();
    }
}
