package dev.iolab.loadtest.storecost;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.loadtest.StudyRun;
import dev.iolab.stack.AzuriteProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.DoubleSupplier;

/**
 * Measures what each store request of an upload and of a valet-key completion ({@link StoreRequest}) costs the store.
 * Each of {@code --passes} passes gets a fresh in-memory Azurite (one that has taken gigabytes slows down), warms it
 * with every request type on small blobs, then sends each request type for all {@code --blobs} blobs from
 * {@code --threads} threads before the next type, reading Azurite's CPU before and after each type. The Put Blob of the
 * blob itself is the ceiling every other request is set beside, within its pass. Run by {@code scripts/store-costs.sh}.
 */
public final class StoreCosts {

    static final String CONTAINER = "store-costs";
    private static final long MIB = 1024 * 1024;
    private static final long SEED = 20261127L;
    /** The warm-up's blobs: the same requests, a sliver of the bytes. */
    static final int WARM_UP_BYTES = 64 * 1024;

    /** One request type sent for every blob of one pass. */
    record Measured(StoreRequest request, int pass, int count, double storeCpuSeconds, double wallSeconds) {

        /** The store's CPU per request, milliseconds. */
        double cpuMsPerRequest() {
            return storeCpuSeconds * 1000 / count;
        }
    }

    /** The store under measurement: restarted empty before each pass. */
    interface Store {

        String connectionString();

        /** CPU seconds the store's processes have used so far. */
        double cpuSeconds();

        /** Replaces the store with an empty one (containers included). */
        void restart() throws IOException, InterruptedException;
    }

    private StoreCosts() {}

    public static void main(String[] args) throws Exception {
        Optional<StoreCostOptions> parsed =
                StudyRun.options(StoreCostOptions.commandLine(), args, StoreCostOptions::parse);
        if (parsed.isEmpty()) {
            return;
        }
        StoreCostOptions options = parsed.get();
        Path output = StudyRun.inRepository(options.output);
        StudyRun run = StudyRun.startOrExit("the store-costs run", "store-costs", "store-costs.sh", args);
        System.out.println("Store costs: Azurite and its logs in " + run.directory());
        run.exitOnFailure(() -> {
            List<Measured> measured;
            try (Azurite azurite =
                    new Azurite(AzuriteProcess.start(run.directory().resolve("azurite")))) {
                measured = measure(
                        azurite, options.blobs, options.sizeMb * MIB, options.threads, options.passes, run::sampleLoad);
            }
            StoreCostsReport.write(StoreCostsResult.of(run.info("", 0, 0), options, measured), output);
            System.out.println("Report: " + output + ", its data beside it");
        });
    }

    /**
     * Sends every request type for {@code blobs} blobs of {@code size} bytes in each of {@code passes} passes, each on
     * an empty, warmed store, and deletes its two containers afterwards.
     *
     * @param afterPass run after each pass (the caller notes the machine's load)
     * @throws IllegalStateException naming the request and blob when the store refused one
     */
    static List<Measured> measure(Store store, int blobs, long size, int threads, int passes, Runnable afterPass)
            throws IOException, InterruptedException {
        BinaryData body = randomBytes(size);
        BinaryData warmUpBody = randomBytes(Math.min(size, WARM_UP_BYTES));
        List<Measured> measured = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (int pass = 1; pass <= passes; pass++) {
                if (pass > 1) {
                    store.restart();
                }
                BlobServiceClient client = new BlobServiceClientBuilder()
                        .connectionString(store.connectionString())
                        .buildClient();
                BlobContainerClient staging = client.getBlobContainerClient(CONTAINER + "-staging");
                BlobContainerClient target = client.getBlobContainerClient(CONTAINER);
                staging.createIfNotExists();
                target.createIfNotExists();
                try {
                    Fixture warmUp = new Fixture(staging, target, "w" + pass + "-", blobs, warmUpBody);
                    Fixture timed = new Fixture(staging, target, "p" + pass + "-", blobs, body);
                    for (StoreRequest request : StoreRequest.values()) {
                        sendAll(pool, warmUp, request, pass, store::cpuSeconds);
                    }
                    for (StoreRequest request : StoreRequest.values()) {
                        measured.add(sendAll(pool, timed, request, pass, store::cpuSeconds));
                    }
                } finally {
                    target.deleteIfExists();
                    staging.deleteIfExists();
                }
                afterPass.run();
                System.out.printf(Locale.ROOT, "pass %d of %d: %s%n", pass, passes, summary(measured, pass));
            }
        }
        return measured;
    }

    private static BinaryData randomBytes(long size) {
        byte[] bytes = new byte[Math.toIntExact(size)];
        new SplittableRandom(SEED).nextBytes(bytes);
        return BinaryData.fromBytes(bytes);
    }

    static Measured sendAll(
            ExecutorService pool, Fixture fixture, StoreRequest request, int pass, DoubleSupplier storeCpu)
            throws InterruptedException {
        double cpuBefore = storeCpu.getAsDouble();
        long start = System.nanoTime();
        List<Future<?>> sent = new ArrayList<>(fixture.count());
        for (int k = 0; k < fixture.count(); k++) {
            int blob = k;
            sent.add(pool.submit(() -> request.send(fixture, blob)));
        }
        for (int k = 0; k < sent.size(); k++) {
            try {
                sent.get(k).get();
            } catch (ExecutionException e) {
                sent.forEach(f -> f.cancel(true));
                throw new IllegalStateException(
                        request.request() + " of blob " + k + " (pass " + pass + ") failed: "
                                + e.getCause().getMessage(),
                        e.getCause());
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        return new Measured(request, pass, fixture.count(), storeCpu.getAsDouble() - cpuBefore, wall);
    }

    private static String summary(List<Measured> measured, int pass) {
        StringBuilder line = new StringBuilder();
        for (Measured m : measured) {
            if (m.pass() == pass) {
                line.append(String.format(
                        Locale.ROOT, "%s%s %.2f ms", line.isEmpty() ? "" : ", ", m.request(), m.cpuMsPerRequest()));
            }
        }
        return line.toString();
    }

    /** The pinned Azurite as the store: restarted on the same port, its containers made again by the pass. */
    static final class Azurite implements Store, AutoCloseable {

        private AzuriteProcess process;

        Azurite(AzuriteProcess process) {
            this.process = process;
        }

        @Override
        public String connectionString() {
            return process.connectionString();
        }

        @Override
        public double cpuSeconds() {
            return process.process().treeCpuSeconds();
        }

        @Override
        public void restart() throws IOException, InterruptedException {
            process = process.restarted();
        }

        @Override
        public void close() {
            process.close();
        }
    }
}
