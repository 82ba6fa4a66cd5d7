package dev.iolab.loadtest;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The real upload-service jar ({@code upload-service/target}, packaged earlier in the same build; the build passes its
 * path as system property {@code upload-service.jar}) on this JDK at {@code -Xmx512m}, on a free loopback port.
 */
final class UploadServiceProcess implements AutoCloseable {

    private final ManagedProcess process;
    private final URI baseUrl;

    private UploadServiceProcess(ManagedProcess process, URI baseUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
    }

    static UploadServiceProcess start(Path workDir, AzuriteProcess azurite, List<String> springArgs) throws Exception {
        String jarProperty = System.getProperty("upload-service.jar", "");
        Path jar = Path.of(jarProperty);
        if (jarProperty.isBlank() || !Files.isRegularFile(jar)) {
            throw new IllegalStateException("upload-service jar not found ('" + jarProperty
                    + "'): package upload-service " + "first, e.g. ./mvnw -B -pl upload-service,load-test -am verify");
        }
        int port = ManagedProcess.freePort();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-jar",
                jar.toString(),
                "--server.port=" + port,
                "--server.address=127.0.0.1"));
        command.addAll(springArgs);
        ManagedProcess process = ManagedProcess.start(
                "upload-service",
                command,
                Map.of(
                        "AZURE_STORAGE_CONNECTION_STRING",
                        azurite.connectionString(),
                        "UPLOAD_CONTAINER",
                        "load-test-it"),
                workDir,
                workDir.resolve("upload-service.log"));
        URI base = URI.create("http://127.0.0.1:" + port);
        try {
            process.awaitReady(Duration.ofSeconds(120), ManagedProcess.httpOk(base.resolve("/actuator/health")));
        } catch (RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
        return new UploadServiceProcess(process, base);
    }

    /**
     * Asks the service's JVM for a full GC ({@code jcmd <pid> GC.run}). A few small uploads into a 512 MB heap may
     * not fill the young generation, and the GC-pause series exist only after a collection.
     */
    void runGc() throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process gc = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "GC.run")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!gc.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) || gc.exitValue() != 0) {
            gc.destroyForcibly();
            throw new IllegalStateException("jcmd GC.run failed for the upload-service (pid " + process.pid() + ")");
        }
    }

    URI baseUrl() {
        return baseUrl;
    }

    int port() {
        return baseUrl.getPort();
    }

    ManagedProcess process() {
        return process;
    }

    @Override
    public void close() {
        process.close();
    }
}
