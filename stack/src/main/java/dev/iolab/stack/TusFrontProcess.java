package dev.iolab.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tus front ({@code ops/nginx/tus-front.conf}: Debian's nginx with its Lua module) on a free loopback port before
 * one upload service and one blob store: whole-block {@code PATCH}es go from nginx straight to the store's
 * {@code Put Block}, everything else to the service. The loopback copy differs from the committed file only in the
 * lines that name hosts, ports and paths; nginx runs unprivileged in the work directory, its errors in
 * {@code nginx.log}, with the shared secret the service was started with.
 *
 * <p>{@link #cpuSeconds()} is the CPU of nginx's master and workers: what the front costs beside the service.
 */
public final class TusFrontProcess implements AutoCloseable {

    static final String CONFIG = "ops/nginx/tus-front.conf";
    /** {@code limit_conn front_clients} in the committed file. */
    static final int COMMITTED_BLOCKS_PER_CLIENT = 16;

    private static final Path LUA_MODULE = Path.of("/usr/lib/nginx/modules/ngx_http_lua_module.so");

    private final NginxLauncher nginx;

    private TusFrontProcess(NginxLauncher nginx) {
        this.nginx = nginx;
    }

    /**
     * Writes the loopback copy of the committed configuration into {@code dir}: listening on {@code 127.0.0.1:port},
     * before the service at {@code service} and the store at {@code store} (each {@code host:port}), letting one client
     * address send {@code blocksPerClient} blocks at once.
     */
    public static Path writeConfig(Path dir, int port, String service, String store, int blocksPerClient)
            throws IOException {
        Files.createDirectories(dir);
        String at = dir.toAbsolutePath().toString();
        // Started by root, nginx runs its workers as another user, who could not write the spooled bodies here.
        String user = "root".equals(System.getProperty("user.name")) ? "user root;\n" : "";
        return ConfigTemplate.read(CONFIG)
                .replaceOnce("pid /run/nginx-tus-front.pid;\n", user + "pid " + at + "/nginx.pid;\n")
                .replaceOnce("client_body_temp_path /var/lib/nginx/body;", "client_body_temp_path " + at + "/body;")
                .replaceOnce("proxy_temp_path /var/lib/nginx/proxy;", "proxy_temp_path " + at + "/proxy;")
                .replaceOnce("fastcgi_temp_path /var/lib/nginx/fastcgi;", "fastcgi_temp_path " + at + "/fastcgi;")
                .replaceOnce("uwsgi_temp_path /var/lib/nginx/uwsgi;", "uwsgi_temp_path " + at + "/uwsgi;")
                .replaceOnce("scgi_temp_path /var/lib/nginx/scgi;", "scgi_temp_path " + at + "/scgi;")
                .replaceOnce("server service:8080;", "server " + service + ";")
                .replaceOnce("server azurite:10000;", "server " + store + ";")
                .replaceOnce("listen 8081;", "listen 127.0.0.1:" + port + ";")
                .replaceOnce("limit_conn front_clients 16;", "limit_conn front_clients " + blocksPerClient + ";")
                .replaceOnce("sending 16 blocks", "sending " + blocksPerClient + " blocks")
                .writeTo(dir.resolve("nginx.conf"));
    }

    /**
     * Starts the front in {@code workDir} on a free loopback port with the committed limit of blocks per client
     * address; ready when it accepts connections.
     *
     * @param secret the service's {@code upload.resumable.front.secret}
     * @throws ExternalTool.MissingToolException nginx or its Lua module is not installed
     */
    public static TusFrontProcess start(Path workDir, String service, String store, String secret)
            throws IOException, InterruptedException {
        return start(workDir, service, store, secret, COMMITTED_BLOCKS_PER_CLIENT);
    }

    /**
     * Starts the front as {@link #start(Path, String, String, String)} does, letting one client address send
     * {@code blocksPerClient} blocks at once (a load test's one client stands for many).
     */
    public static TusFrontProcess start(Path workDir, String service, String store, String secret, int blocksPerClient)
            throws IOException, InterruptedException {
        return start(workDir, service, store, secret, blocksPerClient, Map.of());
    }

    /**
     * Starts the front as {@link #start(Path, String, String, String, int)} does, with each nginx worker reading
     * {@code chunkedTurns} chunked bodies at once ({@code UPLOAD_RESUMABLE_FRONT_CHUNKED_TURNS}) instead of every one
     * as it comes (the committed file's default, 0).
     */
    public static TusFrontProcess startWithChunkedTurns(
            Path workDir, String service, String store, String secret, int chunkedTurns)
            throws IOException, InterruptedException {
        return start(
                workDir,
                service,
                store,
                secret,
                COMMITTED_BLOCKS_PER_CLIENT,
                Map.of("UPLOAD_RESUMABLE_FRONT_CHUNKED_TURNS", Integer.toString(chunkedTurns)));
    }

    private static TusFrontProcess start(
            Path workDir,
            String service,
            String store,
            String secret,
            int blocksPerClient,
            Map<String, String> environment)
            throws IOException, InterruptedException {
        Path binary = ExternalTool.NGINX.require();
        if (!Files.isRegularFile(LUA_MODULE)) {
            throw new ExternalTool.MissingToolException("nginx's Lua module is missing (" + LUA_MODULE
                    + "); install it with: apt-get install " + "libnginx-mod-http-lua");
        }
        int port = LoopbackPorts.free();
        Path config = writeConfig(workDir, port, service, store, blocksPerClient);
        return new TusFrontProcess(
                NginxLauncher.start("nginx tus front", binary, workDir, config, port, withSecret(environment, secret)));
    }

    private static Map<String, String> withSecret(Map<String, String> environment, String secret) {
        Map<String, String> all = new HashMap<>(environment);
        all.put("UPLOAD_RESUMABLE_FRONT_SECRET", secret);
        return all;
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI baseUrl() {
        return nginx.baseUrl();
    }

    /** CPU seconds nginx's master and workers have used so far. */
    public double cpuSeconds() {
        return nginx.cpuSeconds();
    }

    /** The master's and the workers' process IDs. */
    public List<Long> pids() {
        return nginx.pids();
    }

    /** The front's error log so far (its last lines), for a failure's message. */
    public String tail() {
        return nginx.tail();
    }

    /** Kills the master and its workers with {@code SIGKILL}, as a machine that dies would, and waits for them. */
    public void kill() {
        nginx.kill();
    }

    /** Stops nginx (TERM: fast shutdown of master and workers) and waits for it. */
    @Override
    public void close() {
        nginx.close();
    }
}
