package dev.iolab.loadtest.tus;

import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ManagedProcess;
import dev.iolab.stack.TusFrontProcess;
import dev.iolab.stack.UploadServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One tus server of the study, any kind: where its tus endpoint is, which port HAProxy checks it on, and where a
 * finished upload's bytes are in the store.
 *
 * @param kind       {@link #IOLAB}, {@link #FRONT} or {@link #TUSD}
 * @param name       the server's name in logs and in HAProxy ({@code iolab-1}, {@code tusd-2})
 * @param baseUrl    {@code http://127.0.0.1:<port>}; the tus endpoint is {@code /files/} under it
 * @param checkPort  where HAProxy checks the server's health
 * @param process    the service's or tusd's process
 * @param front      the nginx front before the service ({@link #FRONT}), or null
 * @param blobs      where a finished upload's blob is
 */
record TusServer(
        String kind,
        String name,
        URI baseUrl,
        int checkPort,
        ManagedProcess process,
        TusFrontProcess front,
        Blobs blobs)
        implements AutoCloseable {

    static final String IOLAB = "iolab";
    /** The service behind its nginx front ({@code ops/nginx/tus-front.conf}): whole blocks bypass the JVM. */
    static final String FRONT = "iolab-front";

    static final String TUSD = "tusd";

    /** The front's blocks per client address, lifted as the service's shares are: one client sends everything. */
    private static final int LIFTED_BLOCKS_PER_CLIENT = 4096;

    /** The front's shared secret in the study: loopback only, a fresh service and front per part. */
    private static final String FRONT_SECRET = "tus-study-front";

    /** Where a finished upload is stored. */
    record Blobs(String container, boolean byUploadId) {

        /** tusd: the blob is named by the upload's ID (the last segment of its URL). */
        static Blobs byUploadId(String container) {
            return new Blobs(container, true);
        }

        /** iolab: the blob is named by the upload's {@code filename} metadata. */
        static Blobs byFilename(String container) {
            return new Blobs(container, false);
        }

        String blobName(URL uploadUrl, String filename) {
            if (!byUploadId) {
                return filename;
            }
            String path = uploadUrl.getPath();
            return path.substring(path.lastIndexOf('/') + 1);
        }
    }

    /** {@code <base>/files/}. */
    URI endpoint() {
        return baseUrl.resolve("/files/");
    }

    /** HAProxy's health-check request for this kind: the service's management health, tusd's metrics. */
    String checkUri() {
        return kind.equals(TUSD) ? "/metrics" : "/actuator/health";
    }

    int port() {
        return baseUrl.getPort();
    }

    /** CPU seconds the server has used so far: the service and its front together, or tusd. */
    double cpuSeconds() {
        return process.treeCpuSeconds() + (front == null ? 0 : front.cpuSeconds());
    }

    /** The server's peak resident memory: the service's and its front processes' high-water marks added. */
    long peakRssBytes() {
        long rss = ProcessMemory.peakRssBytes(process.pid());
        if (front != null) {
            for (long pid : front.pids()) {
                rss += Math.max(0, ProcessMemory.peakRssBytes(pid));
            }
        }
        return rss;
    }

    /**
     * Starts an upload-service jar storing into {@code container}, its tus blocks {@code chunkBytes} long. One client
     * sends every upload of the study, so the per-client shares are lifted to the whole service (a share of 1, no
     * reserve): the service then runs or queues up to its capacity for that one client, as tusd does for anyone.
     */
    static TusServer iolab(
            UploadServiceProcess.Settings base, long chunkBytes, AzuriteProcess azurite, String name, Path workDir)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(iolabArgs(chunkBytes));
        args.addAll(base.args());
        UploadServiceProcess service = UploadServiceProcess.start(base.withArgs(args), azurite, workDir);
        return new TusServer(
                IOLAB,
                name,
                service.baseUrl(),
                service.managementPort(),
                service.process(),
                null,
                Blobs.byFilename(base.container()));
    }

    /** Starts the service as {@link #iolab} does, with the nginx front before it (the front's URL is the server's). */
    static TusServer front(
            UploadServiceProcess.Settings base, long chunkBytes, AzuriteProcess azurite, String name, Path workDir)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("--upload.resumable.front.secret=" + FRONT_SECRET));
        args.addAll(base.args());
        TusServer service = iolab(base.withArgs(args), chunkBytes, azurite, name, workDir);
        try {
            TusFrontProcess front = TusFrontProcess.start(
                    workDir.resolve(name + "-front"),
                    "127.0.0.1:" + service.port(),
                    "127.0.0.1:" + azurite.port(),
                    FRONT_SECRET,
                    LIFTED_BLOCKS_PER_CLIENT);
            return new TusServer(
                    FRONT, name, front.baseUrl(), service.checkPort(), service.process(), front, service.blobs());
        } catch (IOException | InterruptedException | RuntimeException e) {
            service.close();
            throw e;
        }
    }

    /** The arguments the study gives every service jar before the user's own. */
    static List<String> iolabArgs(long chunkBytes) {
        return List.of(
                "--upload.resumable.block-size=" + chunkBytes + "B",
                "--upload.client-share.uploads=1",
                "--upload.client-share.reserved=0");
    }

    /** Kills the server with {@code SIGKILL}, the service and its front alike, and waits for it. */
    void kill() throws InterruptedException {
        if (front != null) {
            front.kill();
        }
        process.process().destroyForcibly();
        process.process().waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        if (front != null) {
            front.close();
        }
        process.close();
    }
}
