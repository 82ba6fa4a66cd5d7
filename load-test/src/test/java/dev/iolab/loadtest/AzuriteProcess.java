package dev.iolab.loadtest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Azurite's blob service from the project's npm lock ({@code upload-service/azurite}, installed by the upload-service
 * build with {@code npm ci}), in memory, on a free loopback port.
 */
final class AzuriteProcess implements AutoCloseable {

    /** Azurite's well-known development account key (public, documented by Microsoft; not a secret). */
    private static final String DEV_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private final ManagedProcess process;
    private final int port;

    private AzuriteProcess(ManagedProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static AzuriteProcess start(Path workDir) throws Exception {
        Path bin = RepoFiles.root().resolve("upload-service/azurite/node_modules/.bin/azurite-blob");
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException(bin + " is missing: build upload-service first (its build runs npm ci in "
                    + "upload-service/azurite), e.g. ./mvnw -B -pl load-test -am verify");
        }
        int port = ManagedProcess.freePort();
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
                        "--disableTelemetry"),
                Map.of(),
                workDir,
                workDir.resolve("azurite.log"));
        try {
            process.awaitReady(Duration.ofSeconds(60), ManagedProcess.tcpOpen(port));
        } catch (RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
        return new AzuriteProcess(process, port);
    }

    String connectionString() {
        return "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=" + DEV_KEY
                + ";BlobEndpoint=http://127.0.0.1:" + port + "/devstoreaccount1;";
    }

    @Override
    public void close() {
        process.close();
    }
}
