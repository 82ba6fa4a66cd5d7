package dev.iolab.upload.system;

import dev.iolab.upload.connection.MinimumRate;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Typed configuration of the upload service, prefix {@code upload}. Defaults are the documented ones.
 *
 * @param defaultStrategy strategy used when a request names none; temp-file held the least heap in our
 *                        measurements (docs/upload-service.md)
 * @param maxSize largest accepted body (raw) or file part (multipart); larger ones get 413
 * @param apiKey when set, uploads and downloads need {@code Authorization: Bearer <key>}
 * @param container blob container, created at start-up if missing (env {@code UPLOAD_CONTAINER})
 * @param retryAfter value of {@code Retry-After} on capacity refusals (whole seconds are sent)
 * @param tempDir directory for the temp-file strategy's spool files (created {@code 0700} if missing; must be owned
 *                by the service's user)
 * @param valetKey valet-key uploads: the client sends the bytes to storage, the service grants and verifies
 * @param connections limits Tomcat has no setting for: connections per client address, time to send a request head
 * @param body the slowest request body accepted
 * @param download downloads' own capacity, chunk size and slowest reader
 * @param health the blob-store probe behind {@code /actuator/health}
 */
@ConfigurationProperties("upload")
public record UploadProperties(
        @DefaultValue("temp-file") String defaultStrategy,
        @DefaultValue("1GB") DataSize maxSize,
        String apiKey,
        @DefaultValue("uploads") String container,
        @DefaultValue("5s") Duration retryAfter,
        Path tempDir,
        @DefaultValue Executor executor,
        @DefaultValue MemoryBudget memoryBudget,
        @DefaultValue Azure azure,
        @DefaultValue Connections connections,
        @DefaultValue Body body,
        @DefaultValue Download download,
        @DefaultValue Health health,
        @DefaultValue ValetKey valetKey) {

    /** Temp directory actually used: {@code tempDir} or {@code ${java.io.tmpdir}/iolab-upload}. */
    public Path effectiveTempDir() {
        return tempDir != null ? tempDir : Path.of(System.getProperty("java.io.tmpdir"), "iolab-upload");
    }

    /**
     * The upload executor: uploads run here, their bodies are read here.
     *
     * @param coreSize core threads
     * @param maxSize maximum threads
     * @param queueCapacity uploads waiting for a thread; beyond core + queue the request gets 503
     * @param asyncTimeout how long a request may wait and run in total; a request still queued then is answered
     *                     with 503 and its task is cancelled without touching the request
     */
    public record Executor(
            @DefaultValue("25") int coreSize,
            @DefaultValue("25") int maxSize,
            @DefaultValue("100") int queueCapacity,
            @DefaultValue("10m") Duration asyncTimeout) {}

    /**
     * Byte budget for memory an upload may hold while it runs.
     *
     * @param enabled false turns admission control off (reproduces the original out-of-memory failures)
     * @param maxBytes budget; unset means half of the JVM's maximum heap
     * @param requestShare largest share of the budget one request may hold (0 < share <= 1), so that no single
     *                     request can take the whole budget
     * @param inMemoryMaxSize largest body the {@code in-memory} strategy holds; larger ones get 413 naming the other
     *                        strategies (the share of the budget caps it further)
     * @param growWait how long the first upload that finds the budget full may wait for room to grow into, while
     *                 every other upload that needs more is refused and gives its bytes back; 0 refuses at once
     */
    public record MemoryBudget(
            @DefaultValue("true") boolean enabled,
            DataSize maxBytes,
            @DefaultValue("0.25") double requestShare,
            @DefaultValue("64MB") DataSize inMemoryMaxSize,
            @DefaultValue("5s") Duration growWait) {

        /** The budget in bytes actually applied. */
        public long effectiveMaxBytes() {
            return maxBytes != null ? maxBytes.toBytes() : Runtime.getRuntime().maxMemory() / 2;
        }

        /** Most bytes one request may reserve: {@code requestShare} of the budget. */
        public long maxRequestBytes() {
            if (!(requestShare > 0 && requestShare <= 1)) {
                throw new IllegalStateException(
                        "upload.memory-budget.request-share must be in (0, 1], not " + requestShare);
            }
            return (long) (effectiveMaxBytes() * requestShare);
        }
    }

    /**
     * Azure SDK settings.
     *
     * @param connectionString from env {@code AZURE_STORAGE_CONNECTION_STRING}
     * @param httpClient {@code netty} (SDK default), {@code jdk} or {@code okhttp}
     * @param blockSize block size of SDK-managed uploads (on-demand, temp-file, in-memory); also the largest
     *                  single-shot upload, so the SDK never buffers more than this per block
     * @param maxConcurrency blocks in flight per SDK-managed upload
     * @param maxTries attempts per request before giving up (502)
     * @param tryTimeout timeout of one attempt; when the last attempt times out the answer is 504
     * @param retryDelay first back-off delay
     * @param maxRetryDelay largest back-off delay
     * @param createContainer create the container at start-up when missing
     * @param endpoint blob endpoint of the account (env {@code AZURE_STORAGE_BLOB_ENDPOINT}), used with an Azure
     *                 identity ({@code DefaultAzureCredential}) when no connection string is set
     * @param maxSingleUploadSize largest upload sent as one Put Blob request (Azure takes up to 5000 MiB); larger
     *                            ones are staged in blocks of {@code blockSize}
     * @param stagingContainer container for blobs under construction (block uploads, valet-key uploads); default
     *                         {@code <container>-staging}
     * @param stagingMaxAge staging blobs older than this are deleted by the periodic sweep
     */
    public record Azure(
            String connectionString,
            @DefaultValue("netty") String httpClient,
            @DefaultValue("1MB") DataSize blockSize,
            @DefaultValue("1") int maxConcurrency,
            @DefaultValue("3") int maxTries,
            @DefaultValue("60s") Duration tryTimeout,
            @DefaultValue("1s") Duration retryDelay,
            @DefaultValue("10s") Duration maxRetryDelay,
            @DefaultValue("true") boolean createContainer,
            String endpoint,
            @DefaultValue("256MB") DataSize maxSingleUploadSize,
            String stagingContainer,
            @DefaultValue("1h") Duration stagingMaxAge) {

        /** The staging container actually used: {@code stagingContainer}, or {@code <container>-staging}. */
        public String effectiveStagingContainer(String container) {
            if (stagingContainer != null && !stagingContainer.isBlank()) {
                return stagingContainer;
            }
            String derived = container + "-staging";
            return derived.length() <= 63 ? derived : container.substring(0, 55) + "-staging";
        }
    }

    /**
     * Connection limits enforced in the connector, before a request reaches any code of ours (see
     * {@code docs/upload-service.md}, "Limits").
     *
     * @param maxPerAddress open connections one client address may hold; a connection beyond it is closed as soon as
     *     it is accepted, without reading it; 0 or less turns the limit off
     * @param headerTimeout longest time from the first byte of a request to the end of its head (request line and
     *     headers), however steadily the bytes come; a connection still sending its head then is closed. 0 or less
     *     turns the deadline off
     */
    public record Connections(
            @DefaultValue("256") int maxPerAddress,
            @DefaultValue("20s") Duration headerTimeout) {}

    /**
     * The slowest upload body accepted, as Apache httpd's {@code mod_reqtimeout} states it ({@code body=20,MinRate=500}):
     * a body has {@code grace} after its request head arrived for its first byte and one more second for every
     * {@code minRate} bytes after it, or it is answered 408 and its thread freed ({@link MinimumRate}).
     *
     * @param minRate bytes per second a body must keep up, on average, after its first byte
     * @param grace time a body has for its first byte
     * @param queuedGrace time a body that waited in the queue longer than {@code grace} gets for its first byte once it is
     *     read (a client that sent {@code Expect: 100-continue} is told to send only then)
     */
    public record Body(
            @DefaultValue("500B") DataSize minRate,
            @DefaultValue("20s") Duration grace,
            @DefaultValue("2s") Duration queuedGrace) {}

    /**
     * Downloads ({@code GET /uploads/{name}}).
     *
     * @param maxConcurrent downloads streaming at once (each holds a container thread and one chunk); beyond it, 503
     *     with {@code Retry-After}
     * @param chunkSize bytes read from the store per ranged read, and the most a download holds in memory
     * @param minRate bytes per second a reader must take, on average, after its first chunk; slower ones are cut off
     * @param grace time a reader has to take its first bytes
     */
    public record Download(
            @DefaultValue("64") int maxConcurrent,
            @DefaultValue("256KB") DataSize chunkSize,
            @DefaultValue("500B") DataSize minRate,
            @DefaultValue("20s") Duration grace) {}

    /**
     * The blob-store component of {@code /actuator/health}.
     *
     * @param timeout longest a health request waits for the store's answer; a store that has not answered by then
     *     is reported down (the probe keeps running, and at most one runs at a time)
     */
    public record Health(@DefaultValue("3s") Duration timeout) {}

    /**
     * Valet-key uploads ({@code POST /uploads/{name}/grant}, {@code POST /uploads/{name}/complete}).
     *
     * @param ttl how long a grant and its SAS are valid
     * @param maxSize largest size a grant may be asked for (Put Blob takes up to 5000 MiB in one request; larger
     *                files are staged in blocks with the same SAS)
     * @param publicEndpoint the account's blob endpoint as clients reach it, when it differs from the service's (e.g.
     *                       {@code http://127.0.0.1:10000/devstoreaccount1} outside compose, {@code azurite:10000}
     *                       inside); unset: the service's own endpoint
     * @param maxOpenGrants grants not yet completed or expired the service keeps at once; beyond, 503
     * @param maxConcurrentCompletions completions verified at once (each reads the staged blob); the others wait
     * @param completionWait longest a completion waits for a free slot before it is answered 503 {@code queue-full}
     */
    public record ValetKey(
            @DefaultValue("15m") Duration ttl,
            @DefaultValue("5000MB") DataSize maxSize,
            String publicEndpoint,
            @DefaultValue("10000") int maxOpenGrants,
            @DefaultValue("25") int maxConcurrentCompletions,
            @DefaultValue("60s") Duration completionWait) {}
}
