package dev.iolab.upload.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real Azurite blob emulator that the build installs from npm ({@code upload-service/azurite}, {@code npm ci}),
 * started once per test JVM on a free loopback port, in memory, with a keep-alive longer than the SDK's pooled
 * connections live, and stopped at the end of the run. Use as a JUnit extension, or call {@link #get()}.
 */
public final class Azurite implements BeforeAllCallback {

    /** Azurite's well-known development account. */
    public static final String ACCOUNT = "devstoreaccount1";

    public static final String KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private static Instance instance;

    @Override
    public void beforeAll(ExtensionContext context) {
        Instance started = get();
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).computeIfAbsent(Azurite.class, key ->
                (AutoCloseable) started::stop);
    }

    /** The running emulator, started on first use. */
    public static synchronized Instance get() {
        if (instance == null) {
            instance = Instance.start();
            Runtime.getRuntime().addShutdownHook(new Thread(instance::stop));
        }
        return instance;
    }

    /** One Azurite process. */
    public record Instance(Process process, int port, Path workDirectory) {

        public String blobEndpoint() {
            return "http://127.0.0.1:" + port + "/" + ACCOUNT;
        }

        /** Connection string for {@code blobEndpoint} (tests may point it at a proxy instead). */
        public static String connectionString(String blobEndpoint) {
            return "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + KEY + ";BlobEndpoint="
                    + blobEndpoint + ";";
        }

        public String connectionString() {
            return connectionString(blobEndpoint());
        }

        static Instance start() {
            Path dir = Path.of(System.getProperty("azurite.dir", "azurite")).toAbsolutePath();
            Path bin = dir.resolve("node_modules/.bin/azurite-blob");
            if (!Files.isExecutable(bin)) {
                throw new IllegalStateException(bin + " is missing: run 'npm ci' in " + dir
                        + " (the Maven build does this in generate-test-resources)");
            }
            try {
                int port = freePort();
                Path work = Files.createTempDirectory("azurite-");
                Process process = new ProcessBuilder(List.of(
                                bin.toString(),
                                "--blobHost",
                                "127.0.0.1",
                                "--blobPort",
                                Integer.toString(port),
                                "--inMemoryPersistence",
                                "--skipApiVersionCheck",
                                "--loose",
                                "--disableTelemetry",
                                "--silent",
                                "--blobKeepAliveTimeout",
                                "600"))
                        .directory(work.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve("azurite.log").toFile())
                        .start();
                awaitListening(process, port, Duration.ofSeconds(60), work.resolve("azurite.log"));
                return new Instance(process, port, work);
            } catch (IOException e) {
                throw new IllegalStateException("could not start Azurite", e);
            }
        }

        void stop() {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            try {
                process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
                org.apache.commons.io.file.PathUtils.deleteDirectory(workDirectory);
            } catch (IOException | InterruptedException e) {
                // best effort: a leftover log directory in java.io.tmpdir is harmless
            }
        }

        private static void awaitListening(Process process, int port, Duration timeout, Path log) throws IOException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("Azurite exited: " + Files.readString(log));
                }
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    return;
                } catch (IOException notYet) {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
            }
            process.destroy();
            throw new IllegalStateException("Azurite did not listen on " + port + " within " + timeout);
        }
    }

    /** A loopback port free at the time of the call. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
