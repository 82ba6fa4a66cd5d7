package dev.iolab.loadtest.tus;

import io.tus.java.client.ProtocolException;
import io.tus.java.client.TusClient;
import io.tus.java.client.TusURLMemoryStore;
import io.tus.java.client.TusURLStore;
import io.tus.java.client.TusUpload;
import io.tus.java.client.TusUploader;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One upload with tus-java-client, as an app would send it: create, then {@code PATCH}es of {@code chunk} bytes each;
 * when a request fails (a cut, a 502 from a balancer whose server died), a new uploader asks where the upload stands
 * ({@code HEAD}) and sends the rest from there, up to {@link #MAX_FAILURES} times.
 *
 * @param endpoint the tus endpoint ({@code .../files/})
 * @param chunk    bytes per {@code PATCH} (the client's request payload)
 */
record ResumingClient(URI endpoint, long chunk) {

    static final int MAX_FAILURES = 20;

    /** The characters of an error's text an outcome keeps. */
    static final int ERROR_CHARS = 200;

    /**
     * What one upload came to.
     *
     * @param url      the upload's URL, null when it was never created
     * @param failures requests that failed (each followed by a resume)
     * @param resent   for each resume: bytes the client had written before the failure past the offset the server
     *                 then answered (its view; the relay counts what really left it)
     * @param resumedAt for each resume: the offset the server answered
     * @param error    why the upload gave up, or null when it completed
     */
    record Outcome(
            URL url, long startMs, long endMs, int failures, List<Long> resent, List<Long> resumedAt, String error) {

        boolean completed() {
            return error == null;
        }
    }

    /** Uploads {@code file} under the metadata {@code filename}; never throws for a failed upload. */
    Outcome upload(Path file, String filename) {
        return upload(new TusURLMemoryStore(), null, file, filename);
    }

    /**
     * Uploads {@code file}: from the start when {@code url} is null, else resuming the upload at {@code url} from where
     * the server says it stands ({@code HEAD}); {@code urls} keeps the URL as an app's store would.
     */
    Outcome upload(TusURLStore urls, URL url, Path file, String filename) {
        long start = System.currentTimeMillis();
        long size = file.toFile().length();
        List<Long> resent = new ArrayList<>();
        List<Long> resumedAt = new ArrayList<>();
        TusUploader uploader = null;
        long reachedBeforeFailure = -1;
        int failures = 0;
        String lastError = null;
        while (failures <= MAX_FAILURES) {
            try {
                if (uploader == null) {
                    uploader = url == null
                            ? client(urls).createUpload(tusUpload(file, filename))
                            : client(urls).beginOrResumeUploadFromURL(tusUpload(file, filename), url);
                    if (url != null) {
                        resumedAt.add(uploader.getOffset());
                    }
                    url = uploader.getUploadURL();
                    if (reachedBeforeFailure >= 0) {
                        resent.add(Math.max(0, reachedBeforeFailure - uploader.getOffset()));
                        reachedBeforeFailure = -1;
                    }
                }
                send(uploader, size);
                return new Outcome(url, start, System.currentTimeMillis(), failures, resent, resumedAt, null);
            } catch (IOException | ProtocolException e) {
                lastError = describe(e);
                failures++;
                if (uploader != null) {
                    reachedBeforeFailure = Math.max(reachedBeforeFailure, uploader.getOffset());
                }
                uploader = null;
                pause(failures);
            }
        }
        return new Outcome(url, start, System.currentTimeMillis(), failures, resent, resumedAt, lastError);
    }

    TusClient client(TusURLStore urls) throws IOException {
        TusClient client = new TusClient();
        client.setUploadCreationURL(endpoint.toURL());
        client.enableResuming(urls);
        client.setConnectTimeout(10_000);
        return client;
    }

    static TusUpload tusUpload(Path file, String filename) throws IOException {
        TusUpload upload = new TusUpload(file.toFile());
        upload.setMetadata(Map.of("filename", filename));
        upload.setFingerprint(filename);
        return upload;
    }

    /** Sends what is left of {@code size} bytes in requests of {@link #chunk} bytes and closes the uploader. */
    void send(TusUploader uploader, long size) throws IOException, ProtocolException {
        sendUpTo(uploader, size);
        uploader.finish();
    }

    /**
     * Sends requests until the upload's offset reaches {@code limit}, at most the file's size. It stops there itself:
     * tus-java-client 0.5.1, asked for another chunk after a request that ended exactly at the file's end, opens one
     * more request with {@code Expect: 100-continue} and no body, which a server answers at once without a 100, and
     * which Java's HttpURLConnection then fails ("Server rejected operation").
     */
    void sendUpTo(TusUploader uploader, long limit) throws IOException, ProtocolException {
        uploader.setChunkSize(64 * 1024);
        uploader.setRequestPayloadSize((int) chunk);
        while (uploader.getOffset() < limit && uploader.uploadChunk() > -1) {
            // the uploader counts its offset
        }
    }

    /** Waits a little before resuming: 100 ms more after each failure, at most 2 s. */
    private static void pause(int failures) {
        try {
            Thread.sleep(Math.min(2_000, 100L * failures));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The exception's class and message; for a refusal, the status and the first line of the answer's body. */
    static String describe(Exception e) {
        String message = e.getMessage() == null ? "" : ": " + e.getMessage().strip();
        if (e instanceof ProtocolException refused && refused.getCausingConnection() != null) {
            message += answer(refused.getCausingConnection());
        }
        return shortened(e.getClass().getSimpleName() + message);
    }

    /** An error's text for an outcome: its first {@value #ERROR_CHARS} characters, enough to tell errors apart. */
    static String shortened(String error) {
        return error.length() <= ERROR_CHARS ? error : error.substring(0, ERROR_CHARS);
    }

    private static String answer(java.net.HttpURLConnection connection) {
        try {
            int status = connection.getResponseCode();
            java.io.InputStream error = connection.getErrorStream();
            String body =
                    error == null ? "" : new String(error.readNBytes(300), java.nio.charset.StandardCharsets.UTF_8);
            return " (" + status
                    + (body.isBlank()
                            ? ""
                            : " " + body.lines().findFirst().orElse("").strip()) + ")";
        } catch (IOException e) {
            return "";
        }
    }
}
