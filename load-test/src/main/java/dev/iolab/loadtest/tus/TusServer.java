package dev.iolab.loadtest.tus;

import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ManagedProcess;
import dev.iolab.stack.UploadServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One tus server process of the study, either kind: where its tus endpoint is, which port HAProxy checks it on, and
 * where a finished upload's bytes are in the store.
 *
 * @param kind       {@link #IOLAB} or {@link #TUSD}
 * @param name       the process's name in logs and in HAProxy ({@code iolab-1}, {@code tusd-2})
 * @param baseUrl    {@code http://127.0.0.1:<port>}; the tus endpoint is {@code /files/} under it
 * @param checkPort  where HAProxy checks the process's health
 * @param process    the running process
 * @param blobs      where a finished upload's blob is
 */
record TusServer(String kind, String name, URI baseUrl, int checkPort, ManagedProcess process, Blobs blobs)
        implements AutoCloseable {

    static final String IOLAB = "iolab";
    static final String TUSD = "tusd";

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

    /** HAProxy's health-check request for this kind: iolab's management health, tusd's metrics. */
    String checkUri() {
        return kind.equals(IOLAB) ? "/actuator/health" : "/metrics";
    }

    int port() {
        return baseUrl.getPort();
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
                Blobs.byFilename(base.container()));
    }

    /** The arguments the study gives every service jar before the user's own. */
    static List<String> iolabArgs(long chunkBytes) {
        return List.of(
                "--upload.resumable.block-size=" + chunkBytes + "B",
                "--upload.client-share.uploads=1",
                "--upload.client-share.reserved=0");
    }

    @Override
    public void close() {
        process.close();
    }
}
