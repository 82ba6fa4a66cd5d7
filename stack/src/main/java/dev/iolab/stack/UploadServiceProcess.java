package dev.iolab.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The real upload-service jar on this JVM's JDK, on a free loopback port (or a given one), storing into an Azurite:
 * what the load test, the studies and {@link DevStack} run.
 *
 * <p>Health, metrics and info live on a management port of their own (Spring Boot's {@code management.server.port}),
 * so that a flood of uploads on the public connector cannot fail a liveness check or a scrape: {@link #managementUrl()}
 * serves {@code /actuator/*}, {@link #baseUrl()} the uploads. Ready when {@code /actuator/health} answers 200. The
 * service is started with {@code --upload.open=true} (uploads without an API key are meant) unless its arguments set
 * {@code upload.api-key}, and spools into {@code spool/} of its work directory unless they set {@code upload.temp-dir}.
 */
public final class UploadServiceProcess implements AutoCloseable {

    /**
     * How to run the service.
     *
     * @param jar            the Spring Boot jar ({@link RepositoryPaths#serviceJar()})
     * @param port           public (upload) port on 127.0.0.1; 0 for a free one
     * @param managementPort port of {@code /actuator/*} on 127.0.0.1; 0 for a free one
     * @param jvmOptions     options before {@code -jar}, e.g. {@code -Xmx512m}
     * @param args           Spring arguments after the jar, e.g. {@code --upload.executor.max-size=5}
     * @param container      blob container (environment {@code UPLOAD_CONTAINER})
     */
    public record Settings(
            Path jar, int port, int managementPort, List<String> jvmOptions, List<String> args, String container) {

        /** The jar of {@link RepositoryPaths#serviceJar()} at {@code -Xmx512m} (the study's container heap). */
        public static Settings defaults() {
            return new Settings(RepositoryPaths.serviceJar(), 0, 0, List.of("-Xmx512m"), List.of(), "uploads");
        }

        public Settings withPort(int port) {
            return new Settings(jar, port, managementPort, jvmOptions, args, container);
        }

        public Settings withManagementPort(int port) {
            return new Settings(jar, this.port, port, jvmOptions, args, container);
        }

        public Settings withJvmOptions(List<String> options) {
            return new Settings(jar, port, managementPort, List.copyOf(options), args, container);
        }

        public Settings withArgs(List<String> springArgs) {
            return new Settings(jar, port, managementPort, jvmOptions, List.copyOf(springArgs), container);
        }

        public Settings withContainer(String name) {
            return new Settings(jar, port, managementPort, jvmOptions, args, name);
        }
    }

    private final ManagedProcess process;
    private final URI baseUrl;
    private final URI managementUrl;

    private UploadServiceProcess(ManagedProcess process, URI baseUrl, URI managementUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.managementUrl = managementUrl;
    }

    /** Starts the service against {@code azurite}, its log in {@code workDir/upload-service.log}. */
    public static UploadServiceProcess start(Settings settings, AzuriteProcess azurite, Path workDir)
            throws IOException, InterruptedException {
        int port = settings.port() > 0 ? settings.port() : LoopbackPorts.free();
        int management = settings.managementPort() > 0 ? settings.managementPort() : LoopbackPorts.free();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(settings.jvmOptions());
        command.addAll(List.of(
                "-jar",
                settings.jar().toString(),
                "--server.port=" + port,
                "--server.address=127.0.0.1",
                "--management.server.port=" + management,
                "--management.server.address=127.0.0.1"));
        if (settings.args().stream().noneMatch(a -> a.startsWith("--upload.api-key="))) {
            command.add("--upload.open=true");
        }
        if (settings.args().stream().noneMatch(a -> a.startsWith("--upload.temp-dir="))) {
            // A spool directory of its own: replicas (and other services on the machine) must not share one.
            command.add("--upload.temp-dir=" + workDir.toAbsolutePath().resolve("spool"));
        }
        command.addAll(settings.args());
        Map<String, String> env = new LinkedHashMap<>();
        env.put("AZURE_STORAGE_CONNECTION_STRING", azurite.connectionString());
        env.put("UPLOAD_CONTAINER", settings.container());
        ManagedProcess process =
                ManagedProcess.start("upload-service", command, env, workDir, workDir.resolve("upload-service.log"));
        URI base = URI.create("http://127.0.0.1:" + port);
        URI managementBase = URI.create("http://127.0.0.1:" + management);
        // A quiet machine starts the service in seconds; a loaded one (several replicas starting on two busy cores)
        // has taken minutes. A service that dies fails the wait at once.
        process.awaitReady(Duration.ofMinutes(5), ManagedProcess.httpOk(managementBase.resolve("/actuator/health")));
        return new UploadServiceProcess(process, base, managementBase);
    }

    /** Where uploads go: {@code http://127.0.0.1:<port>}. */
    public URI baseUrl() {
        return baseUrl;
    }

    public int port() {
        return baseUrl.getPort();
    }

    /** Where {@code /actuator/health}, {@code /actuator/prometheus} and {@code /actuator/info} are. */
    public URI managementUrl() {
        return managementUrl;
    }

    public int managementPort() {
        return managementUrl.getPort();
    }

    /** {@code 127.0.0.1:<management port>}: the service's Prometheus scrape target. */
    public String metricsTarget() {
        return managementUrl.getHost() + ":" + managementUrl.getPort();
    }

    public long pid() {
        return process.pid();
    }

    public ManagedProcess process() {
        return process;
    }

    /** True while the process lives and {@code /actuator/health} answers 200 within 2 s. */
    public boolean healthy() {
        return process.isAlive()
                && ManagedProcess.httpOk(managementUrl.resolve("/actuator/health"))
                        .getAsBoolean();
    }

    /** The service's metrics now ({@code GET /actuator/prometheus}). */
    public PrometheusText metrics() throws IOException, InterruptedException {
        return PrometheusText.parse(get("/actuator/prometheus"));
    }

    /**
     * The strategy IDs the service offers, in its order, as {@code GET /actuator/info} lists them
     * ({@code upload.strategies}): the one list every client reads instead of writing its own.
     */
    public List<String> strategies() throws IOException, InterruptedException {
        return UploadServiceInfo.parse(get("/actuator/info")).strategies();
    }

    /** The service's {@code /actuator/info} upload section. */
    public UploadServiceInfo info() throws IOException, InterruptedException {
        return UploadServiceInfo.parse(get("/actuator/info"));
    }

    private String get(String path) throws IOException, InterruptedException {
        return LocalHttp.get(managementUrl.resolve(path), Duration.ofSeconds(10));
    }

    /**
     * Kills the service at once ({@code SIGKILL}: no graceful shutdown, in-flight uploads cut off, as a crashed or
     * OOM-killed replica) and waits for it to be gone.
     */
    public void kill() throws InterruptedException {
        process.process().destroyForcibly().waitFor();
    }

    /** Stops the service (TERM, so Spring shuts down gracefully; KILL after 15 s). */
    @Override
    public void close() {
        process.close();
    }
}
