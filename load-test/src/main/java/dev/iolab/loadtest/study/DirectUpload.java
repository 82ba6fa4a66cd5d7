package dev.iolab.loadtest.study;

import com.azure.storage.blob.BlobContainerClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
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
            CpuWindow cpu = CpuWindow.start(clientCpu, null, storageCpu);
            try {
                List<long[]> times = uploadAll(blobs, file, uploads, pool);
                StudyResult.Cpu used = cpu.stop();
                Timed timed = checked(blobs, times, size);
                return new StudyResult.Ceiling(
                        StudyResult.Ceiling.DIRECT,
                        fileSizeMb,
                        users,
                        uploads,
                        threads + " SDK threads",
                        timed.failed(),
                        timed.meanSeconds(),
                        timed.p95Seconds(),
                        timed.spanSeconds(),
                        timed.stored() * (size / 1048576.0) / timed.spanSeconds(),
                        used);
            } finally {
                pool.shutdownNow();
                cpu.close();
            }
        } finally {
            blobs.deleteIfExists();
        }
    }

    /** Starts all uploads at once on {@code pool}; each one's start and end (nanoTime), null for one that failed. */
    private static List<long[]> uploadAll(BlobContainerClient blobs, Path file, int uploads, ExecutorService pool)
            throws InterruptedException {
        List<Future<long[]>> futures = new ArrayList<>();
        for (int i = 0; i < uploads; i++) {
            String name = "direct-" + i;
            futures.add(pool.submit(() -> {
                long start = System.nanoTime();
                blobs.getBlobClient(name).uploadFromFile(file.toString(), true);
                return new long[] {start, System.nanoTime()};
            }));
        }
        List<long[]> times = new ArrayList<>();
        for (Future<long[]> f : futures) {
            try {
                times.add(f.get());
            } catch (ExecutionException e) {
                times.add(null);
            }
        }
        return times;
    }

    /**
     * The timed uploads' figures: each stored blob's size checked, the span from the first start to the last end.
     *
     * @param stored      uploads stored with the file's size
     * @param spanSeconds first start to last end; NaN when none finished
     * @param meanSeconds null when none was stored; likewise {@code p95Seconds}
     */
    private record Timed(int stored, int failed, double spanSeconds, Double meanSeconds, Double p95Seconds) {}

    private static Timed checked(BlobContainerClient blobs, List<long[]> times, long size) {
        List<Long> millis = new ArrayList<>();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        int failed = 0;
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
        return new Timed(
                millis.size(),
                failed,
                first == Long.MAX_VALUE ? Double.NaN : (last - first) / 1e9,
                millis.isEmpty()
                        ? null
                        : millis.stream().mapToLong(Long::longValue).average().orElseThrow() / 1000.0,
                millis.isEmpty() ? null : millis.get(Math.max(0, (int) Math.ceil(0.95 * millis.size()) - 1)) / 1000.0);
    }
}
