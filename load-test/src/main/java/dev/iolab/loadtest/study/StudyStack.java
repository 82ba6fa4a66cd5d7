package dev.iolab.loadtest.study;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.loadtest.ServiceOptions;
import dev.iolab.reporting.host.ProcessResources;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.HeapProbe;
import dev.iolab.stack.PrometheusText;
import dev.iolab.stack.UploadExecutor;
import dev.iolab.stack.UploadServiceProcess;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A fresh Azurite and service (budget on or off), attached for live-heap probes. */
final class StudyStack implements AutoCloseable {

    /** The service's blob container; its staging container is this with {@code -staging}, the service's default. */
    private static final String CONTAINER = "study";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** What Azurite read, from {@code /proc}. */
    private static final ProcessResources PROCESSES = ProcessResources.local();

    private final Path serviceJar;
    private final ServiceOptions options;
    private final boolean budget;
    private final Path dir;
    private AzuriteProcess azurite;
    private UploadServiceProcess service;
    private HeapProbe probe;
    /** Azurite's {@code rchar} right after the last {@link #freshAzurite}; -1 before one or when unreadable. */
    private long azuriteReadAtRestart = -1;

    private StudyStack(Path serviceJar, ServiceOptions options, boolean budget, Path dir) {
        this.serviceJar = serviceJar;
        this.options = options;
        this.budget = budget;
        this.dir = dir;
    }

    /**
     * Starts Azurite and the service jar with the memory budget on or off, in {@code dir}.
     *
     * @param options the service's JVM options and arguments, as the study was given them
     */
    static StudyStack start(Path serviceJar, ServiceOptions options, boolean budget, Path dir) throws Exception {
        StudyStack stack = new StudyStack(serviceJar, options, budget, dir);
        try {
            stack.azurite = AzuriteProcess.start(stack.dir);
            List<String> args = new ArrayList<>(List.of("--upload.memory-budget.enabled=" + budget));
            args.addAll(options.args());
            stack.service = UploadServiceProcess.start(
                    new UploadServiceProcess.Settings(serviceJar, 0, 0, options.jvmOptions(), args, CONTAINER),
                    stack.azurite,
                    stack.dir);
            stack.probe = HeapProbe.attach(stack.service.pid());
            return stack;
        } catch (Exception | Error e) {
            stack.close();
            throw e;
        }
    }

    AzuriteProcess azurite() {
        return azurite;
    }

    UploadServiceProcess service() {
        return service;
    }

    /** The service's live heap, read through its attach API. */
    HeapProbe probe() {
        return probe;
    }

    /** This stack if the service is healthy, else a new one (a cell that left the service down). */
    StudyStack healthyOrRestarted() throws Exception {
        if (service.healthy()) {
            return this;
        }
        System.out.println("  (service down: restarting Azurite and upload-service)");
        close();
        StudyStack fresh = start(
                serviceJar,
                options,
                budget,
                dir.resolveSibling(dir.getFileName() + "-restarted-" + System.currentTimeMillis()));
        azurite = fresh.azurite;
        service = fresh.service;
        probe = fresh.probe;
        return this;
    }

    /**
     * Replaces Azurite with an empty one on the same port and creates the service's containers in it (the service
     * keeps its connection string; its idle connections to the old one close with it).
     */
    void freshAzurite() throws IOException, InterruptedException {
        azurite = azurite.restarted();
        BlobServiceClient store = new BlobServiceClientBuilder()
                .connectionString(azurite.connectionString())
                .buildClient();
        for (String container : List.of(CONTAINER, CONTAINER + "-staging")) {
            store.getBlobContainerClient(container).createIfNotExists();
        }
        azuriteReadAtRestart = PROCESSES.bytesRead(azurite.process().pid()).orElse(-1);
    }

    /**
     * Bytes Azurite has read ({@code rchar}: request bodies and headers) since {@link #freshAzurite} restarted it
     * and created the containers: what was written into it since, as far as it could keep it. Deleting blobs or
     * containers does not lower this, nor an in-memory Azurite's memory until its garbage collection runs, every 10
     * minutes. -1 when unreadable.
     */
    long azuriteReadSinceRestart() {
        long now = PROCESSES.bytesRead(azurite.process().pid()).orElse(-1);
        return now < 0 || azuriteReadAtRestart < 0 ? -1 : now - azuriteReadAtRestart;
    }

    /** CPU seconds Azurite (its node process and any child) has used so far. */
    double azuriteCpuSeconds() {
        return azurite.process().treeCpuSeconds();
    }

    /** One 1 MiB upload with {@code strategy}, so that class loading and JIT warm-up are not in the first cell. */
    void warmUp(String strategy) throws IOException, InterruptedException {
        byte[] body = new byte[1024 * 1024];
        HTTP.send(
                HttpRequest.newBuilder(service.baseUrl().resolve("/uploads/study-warm-up?strategy=" + strategy))
                        .timeout(Duration.ofMinutes(2))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
    }

    /** Waits until the upload executor has nothing active or queued. */
    void awaitIdle(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            PrometheusText m = service.metrics();
            if (UploadExecutor.active(m) == 0 && UploadExecutor.queued(m) == 0) {
                return;
            }
            Thread.sleep(200);
        }
    }

    @Override
    public void close() {
        if (probe != null) {
            try {
                probe.close();
            } catch (IOException e) {
                // the service is going away anyway
            }
        }
        if (service != null) {
            service.close();
        }
        if (azurite != null) {
            azurite.close();
        }
    }
}
