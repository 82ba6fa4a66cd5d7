package dev.iolab.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Azurite's blob service from the project's npm lock ({@code upload-service/azurite/package-lock.json}), in memory, on
 * a free loopback port, with the development account ({@link AzuriteAccount}).
 *
 * <p>Flags: {@code --skipApiVersionCheck} (current SDKs send a newer API version than Azurite 3.37 knows),
 * {@code --blobKeepAliveTimeout 600} (meant to keep idle connections open for 10 minutes instead of Node's 5 s; Azurite
 * 3.37 reads the value under another name, {@code keepAliveTimeout}, so it has no effect and idle connections close
 * after 5 s — clients pool connections for less than that: the service's {@code upload.azure.connection-max-idle}, the
 * nginx hop's {@code keepalive_timeout}),
 * {@code --loose} (ignore headers Azurite does not support), {@code --silent} (no access log: a study sends tens of
 * thousands of requests), {@code --disableTelemetry}.
 *
 * <p>When the pinned Azurite is not installed yet (a fresh clone), {@link #start} installs it first with
 * {@code npm ci}, once, under a file lock so that JVMs starting at the same time do not install twice.
 */
public final class AzuriteProcess implements AutoCloseable {

    private static final String BINARY = "node_modules/.bin/azurite-blob";

    private final ManagedProcess process;
    private final Path azuriteDirectory;
    private final int port;
    private final Path workDirectory;
    private final int generation;

    private AzuriteProcess(
            ManagedProcess process, Path azuriteDirectory, int port, Path workDirectory, int generation) {
        this.process = process;
        this.azuriteDirectory = azuriteDirectory;
        this.port = port;
        this.workDirectory = workDirectory;
        this.generation = generation;
    }

    /** Starts Azurite from {@link RepositoryPaths#azuriteDirectory()} with its files and log in {@code workDir}. */
    public static AzuriteProcess start(Path workDir) throws IOException, InterruptedException {
        return start(RepositoryPaths.azuriteDirectory(), workDir);
    }

    /** Starts the Azurite installed (or to be installed) in {@code azuriteDir}. */
    public static AzuriteProcess start(Path azuriteDir, Path workDir) throws IOException, InterruptedException {
        return start(azuriteDir, workDir, LoopbackPorts.free(), 1);
    }

    /**
     * Stops this Azurite and starts a fresh one on the same port, empty (in memory): for a client that keeps its
     * connection string, the store as it was at its first start. An in-memory Azurite keeps every byte written to it,
     * deleted or not, until its garbage collection (every 10 minutes), and slows down as it fills (how much:
     * docs/results/upload-service-measurements.md, "what one hop costs"). The new process logs to
     * {@code azurite-<n>.log} beside the first.
     */
    public AzuriteProcess restarted() throws IOException, InterruptedException {
        close();
        return start(azuriteDirectory, workDirectory, port, generation + 1);
    }

    private static AzuriteProcess start(Path azuriteDir, Path workDir, int port, int generation)
            throws IOException, InterruptedException {
        Path bin = ensureInstalled(azuriteDir);
        ManagedProcess process = ManagedProcess.start(
                "azurite",
                List.of(
                        bin.toString(),
                        "--blobHost",
                        "127.0.0.1",
                        "--blobPort",
                        Integer.toString(port),
                        "--inMemoryPersistence",
                        "--skipApiVersionCheck",
                        "--blobKeepAliveTimeout",
                        "600",
                        "--loose",
                        "--silent",
                        "--disableTelemetry"),
                Map.of(),
                workDir,
                workDir.resolve(generation == 1 ? "azurite.log" : "azurite-" + generation + ".log"));
        process.awaitReady(Duration.ofSeconds(60), ManagedProcess.tcpOpen(port));
        return new AzuriteProcess(process, azuriteDir, port, workDir, generation);
    }

    /**
     * The {@code azurite-blob} launcher in {@code azuriteDir}, running {@code npm ci} there first if it is missing.
     * Fails with the npm output when npm is missing or the install fails.
     */
    public static Path ensureInstalled(Path azuriteDir) throws IOException, InterruptedException {
        Path bin = NpmProject.ensureInstalled(azuriteDir, BINARY, "Azurite");
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException(
                    bin + " is not executable: reinstall Azurite (rm -rf " + azuriteDir.resolve("node_modules") + ")");
        }
        return bin;
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:<port>/devstoreaccount1}. */
    public String blobEndpoint() {
        return AzuriteAccount.blobEndpoint("127.0.0.1", port);
    }

    /** Connection string of the development account at this Azurite. */
    public String connectionString() {
        return AzuriteAccount.connectionString(blobEndpoint());
    }

    public ManagedProcess process() {
        return process;
    }

    public Path workDirectory() {
        return workDirectory;
    }

    @Override
    public void close() {
        process.close();
    }
}
