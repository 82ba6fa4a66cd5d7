package dev.iolab.loadtest.study;

import com.azure.storage.blob.BlobContainerClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.DoubleSupplier;

/**
 * The study's ceiling: the Azure SDK alone — {@code BlobClient.uploadFromFile} with the SDK's defaults — uploading one
 * file {@code uploads} times (each to its own blob) from a fixed pool of {@code threads}, to the Azurite the service
 * stores into. As many threads as the service's executor has: what the service could do if it added nothing.
 */
final class DirectUpload {

    private DirectUpload() {}

    /**
     * Uploads and times, into a container of its own whose name starts with {@code container} ({@link
     * CeilingContainer}); one untimed upload first (class loading, the connection pool). Each stored blob's size is
     * checked; the container is deleted afterwards so that Azurite's memory is free for the next cells. CPU seconds of
     * this JVM (the client) and of Azurite ({@code storageCpu}) are counted over the timed uploads.
     */
    static StudyResult.Ceiling run(
            String connectionString,
            String container,
            Path file,
            int fileSizeMb,
            int users,
            int uploads,
            int threads,
            DoubleSupplier clientCpu,
            DoubleSupplier storageCpu)
            throws Exception {
        BlobContainerClient blobs = CeilingContainer.create(connectionString, container);
        long size = file.toFile().length();
        try {
            blobs.getBlobClient("warm-up").uploadFromFile(file.toString(), true);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<long[]>> futures = new ArrayList<>();
            CpuWindow cpu = CpuWindow.start(clientCpu, null, storageCpu);
            try {
                for (int i = 0; i < uploads; i++) {
                    String name = "direct-" + i;
                    futures.add(pool.submit(() -> {
                        long start = System.nanoTime();
                        blobs.getBlobClient(name).uploadFromFile(file.toString(), true);
                        return new long[] {start, System.nanoTime()};
                    }));
                }
                List<Long> millis = new ArrayList<>();
                long first = Long.MAX_VALUE;
                long last = Long.MIN_VALUE;
                int failed = 0;
                List<long[]> times = new ArrayList<>();
                for (Future<long[]> f : futures) {
                    try {
                        times.add(f.get());
                    } catch (java.util.concurrent.ExecutionException e) {
                        times.add(null);
                    }
                }
                StudyResult.Cpu used = cpu.stop();
                for (int i = 0; i < times.size(); i++) {
                    long[] t = times.get(i);
                    if (t == null) {
                        failed++;
                        continue;
                    }
                    try {
                        first = Math.min(first, t[0]);
                        last = Math.max(last, t[1]);
                        if (blobs.getBlobClient("direct-" + i).getProperties().getBlobSize() != size) {
                            failed++;
                        } else {
                            millis.add((t[1] - t[0]) / 1_000_000);
                        }
                    } catch (RuntimeException e) {
                        failed++;
                    }
                }
                millis.sort(null);
                double span = first == Long.MAX_VALUE ? Double.NaN : (last - first) / 1e9;
                Double mean = millis.isEmpty()
                        ? null
                        : millis.stream().mapToLong(Long::longValue).average().orElseThrow() / 1000.0;
                Double p95 = millis.isEmpty()
                        ? null
                        : millis.get(Math.max(0, (int) Math.ceil(0.95 * millis.size()) - 1)) / 1000.0;
                double throughput = millis.size() * (size / 1048576.0) / span;
                return new StudyResult.Ceiling(
                        StudyResult.Ceiling.DIRECT,
                        fileSizeMb,
                        users,
                        uploads,
                        threads + " SDK threads",
                        failed,
                        mean,
                        p95,
                        span,
                        throughput,
                        used);
            } finally {
                pool.shutdownNow();
                cpu.close();
            }
        } finally {
            blobs.deleteIfExists();
        }
    }
}
