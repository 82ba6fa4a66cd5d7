package dev.iolab.loadtest.tus;

import dev.iolab.stack.AzuriteAccount;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.LoopbackPorts;
import dev.iolab.stack.ManagedProcess;
import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * tusd, the reference tus server (Go), built from the Go module proxy at one pinned version with {@code go install}
 * into {@code target/tusd-bin/} of the repository, and started with its Azure store against an Azurite: tusd's
 * default configuration otherwise (its in-memory locker, its request log, its metrics on {@code /metrics}).
 *
 * <p>tusd's Azure store spools each {@code PATCH} body to a temporary file ({@code TMPDIR}, the process's work
 * directory here) and stages it as one block when the body ends, also when it ends early: the bytes that arrived before
 * a cut are kept.
 */
final class Tusd {

    /** The one place the tusd version is pinned. */
    static final String MODULE = "github.com/tus/tusd/v2/cmd/tusd";

    static final String VERSION = "v2.9.1";

    private Tusd() {}

    /** {@code target/tusd-bin/tusd} of the repository, built with {@code go install} first when it is missing. */
    static Path binary() throws IOException, InterruptedException {
        Path bin = RepositoryPaths.root().resolve("target/tusd-bin");
        Path tusd = bin.resolve("tusd");
        Path stamp = bin.resolve("tusd.version");
        if (Files.isExecutable(tusd)
                && Files.isRegularFile(stamp)
                && Files.readString(stamp).strip().equals(VERSION)) {
            return tusd;
        }
        Path go = go().orElseThrow(() -> new IllegalStateException(
                "go is needed to build tusd " + VERSION + " and was not found on PATH or in /usr/local/go/bin "
                        + "(install Go 1.24 or newer, e.g. Debian's golang-go or go.dev's archive)"));
        System.err.println("Building tusd " + VERSION + " with " + go + " into " + bin + " ...");
        Files.createDirectories(bin);
        Path log = bin.resolve("go-install.log");
        ProcessBuilder install = new ProcessBuilder(go.toString(), "install", MODULE + "@" + VERSION)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        install.environment().put("GOBIN", bin.toString());
        Process process = install.start();
        if (!process.waitFor(15, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("go install of tusd did not finish within 15 minutes; log " + log);
        }
        if (process.exitValue() != 0 || !Files.isExecutable(tusd)) {
            throw new IllegalStateException(
                    "go install of tusd failed (exit " + process.exitValue() + "):\n" + Files.readString(log));
        }
        Files.writeString(stamp, VERSION + "\n");
        return tusd;
    }

    /** {@code go} on the PATH, else {@code /usr/local/go/bin/go}. */
    static Optional<Path> go() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(
                        Stream.of(path.split(":")).filter(p -> !p.isBlank()).map(p -> Path.of(p, "go")),
                        Stream.of(Path.of("/usr/local/go/bin/go")))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /**
     * Starts tusd on a free loopback port, storing into {@code container} of {@code azurite} (which it creates when
     * missing), its files and log in {@code workDir}; ready when {@code /metrics} answers.
     */
    static TusServer start(Path binary, AzuriteProcess azurite, String container, String name, Path workDir)
            throws IOException, InterruptedException {
        int port = LoopbackPorts.free();
        Files.createDirectories(workDir);
        ManagedProcess process = ManagedProcess.start(
                name,
                List.of(
                        binary.toString(),
                        "-host",
                        "127.0.0.1",
                        "-port",
                        Integer.toString(port),
                        "-base-path",
                        "/files/",
                        "-azure-storage",
                        container,
                        "-azure-endpoint",
                        azurite.blobEndpoint()),
                Map.of(
                        "AZURE_STORAGE_ACCOUNT", AzuriteAccount.NAME,
                        "AZURE_STORAGE_KEY", AzuriteAccount.KEY,
                        "TMPDIR", workDir.toAbsolutePath().toString()),
                workDir,
                workDir.resolve("tusd.log"));
        URI base = URI.create("http://127.0.0.1:" + port);
        process.awaitReady(Duration.ofSeconds(60), ManagedProcess.httpOk(base.resolve("/metrics")));
        return new TusServer(TusServer.TUSD, name, base, port, process, null, TusServer.Blobs.byUploadId(container));
    }
}
