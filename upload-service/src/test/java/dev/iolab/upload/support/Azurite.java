package dev.iolab.upload.support;

import dev.iolab.stack.AzuriteAccount;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real Azurite blob emulator from the project's npm lock, started once per test JVM on a free loopback port by
 * the stack module ({@link AzuriteProcess}: in memory, a keep-alive longer than the SDK's pooled connections live,
 * installed with {@code npm ci} on first use) and stopped at the end of the run. Use as a JUnit extension, or call
 * {@link #get()}.
 */
public final class Azurite implements BeforeAllCallback {

    /** Azurite's well-known development account ({@link AzuriteAccount#NAME}). */
    public static final String ACCOUNT = AzuriteAccount.NAME;

    /** The development account's public key ({@link AzuriteAccount#KEY}). */
    public static final String KEY = AzuriteAccount.KEY;

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
        }
        return instance;
    }

    /** One Azurite process. */
    public record Instance(Process process, int port, Path workDirectory) {

        public String blobEndpoint() {
            return AzuriteAccount.blobEndpoint("127.0.0.1", port);
        }

        /** Connection string for {@code blobEndpoint} (tests may point it at a proxy instead). */
        public static String connectionString(String blobEndpoint) {
            return AzuriteAccount.connectionString(blobEndpoint);
        }

        public String connectionString() {
            return connectionString(blobEndpoint());
        }

        static Instance start() {
            try {
                Path work = Files.createTempDirectory("azurite-");
                AzuriteProcess azurite = AzuriteProcess.start(work);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(work)));
                return new Instance(azurite.process().process(), azurite.port(), work);
            } catch (IOException e) {
                throw new IllegalStateException("could not start Azurite: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while starting Azurite", e);
            }
        }

        void stop() {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            try {
                process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            deleteQuietly(workDirectory);
        }

        private static void deleteQuietly(Path dir) {
            try {
                PathUtils.deleteDirectory(dir);
            } catch (IOException e) {
                // best effort: a leftover log directory in java.io.tmpdir is harmless
            }
        }
    }

    /** A loopback port free at the time of the call. */
    public static int freePort() throws IOException {
        return LoopbackPorts.free();
    }
}
