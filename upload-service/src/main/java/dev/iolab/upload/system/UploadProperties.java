package dev.iolab.upload.system;

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
 * @param tempDir directory for the temp-file strategy's spool files (created if missing)
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
        @DefaultValue Azure azure) {

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
     */
    public record MemoryBudget(@DefaultValue("true") boolean enabled, DataSize maxBytes) {

        /** The budget in bytes actually applied. */
        public long effectiveMaxBytes() {
            return maxBytes != null ? maxBytes.toBytes() : Runtime.getRuntime().maxMemory() / 2;
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
            @DefaultValue("true") boolean createContainer) {}
}
