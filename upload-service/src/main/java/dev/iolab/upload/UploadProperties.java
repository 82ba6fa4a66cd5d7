package dev.iolab.upload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The service's own settings, prefix {@code upload}: one record for the whole prefix, read by the packages that own
 * each setting (who may call: {@code client}; the blob store: {@code storage}; the answers: {@code web}; the uploads
 * and their strategies: {@code transfer}). A part with settings of its own has its own prefix below this one and its
 * own record ({@code upload.body.*}, {@code upload.executor.*}, {@code upload.download.*}, ...). Without a key the
 * service refuses to start unless {@code open} says it is meant to be open.
 *
 * @param apiKey the key every client may send ({@code Authorization: Bearer <key>}); clients are then told apart by
 *     their address
 * @param apiKeys keys per client, {@code upload.api-keys.<client-name>=<key>}: a client that sends its key is known by
 *     its name in the per-client shares, whatever its address (several machines of one client share its share)
 * @param open {@code true} to run without any key on purpose: every route is open to whoever reaches the port (logged
 *     at WARN at start)
 * @param retryAfter value of {@code Retry-After} on capacity refusals (whole seconds are sent)
 * @param maxSize largest accepted body (raw) or file part (multipart); larger ones get 413
 * @param defaultStrategy strategy used when a request names none; temp-file held the least heap in our
 *     measurements (docs/upload-service.md)
 * @param tempDir directory for the temp-file strategy's spool files (created {@code 0700} if missing; must be owned by
 *     the service's user)
 * @param container blob container, created at start-up if missing (env {@code UPLOAD_CONTAINER})
 * @param azure the Azure SDK's client, retries, block and staging settings
 * @param health the blob-store probe behind {@code /actuator/health}
 */
@ConfigurationProperties("upload")
public record UploadProperties(
        String apiKey,
        @DefaultValue Map<String, String> apiKeys,
        @DefaultValue("false") boolean open,
        @DefaultValue("5s") Duration retryAfter,
        @DefaultValue("1GB") DataSize maxSize,
        @DefaultValue("temp-file") String defaultStrategy,
        Path tempDir,
        @DefaultValue("uploads") String container,
        @DefaultValue Azure azure,
        @DefaultValue Health health) {

    /** Temp directory actually used: {@code tempDir} or {@code ${java.io.tmpdir}/iolab-upload}. */
    public Path effectiveTempDir() {
        return tempDir != null ? tempDir : Path.of(System.getProperty("java.io.tmpdir"), "iolab-upload");
    }

    /**
     * Azure SDK settings.
     *
     * @param connectionString connection string of the storage account (Azurite's for a local run; env
     *                         {@code AZURE_STORAGE_CONNECTION_STRING}); valet-key SAS are then signed with its account key.
     *                         Unset: {@code endpoint} with an Azure identity
     * @param httpClient {@code netty} (the SDK's own default), {@code okhttp} (about as much of the service's CPU per
     *                   pushed upload once the JIT has finished, less shortly after start; more per spooled file,
     *                   which Netty sends with {@code sendfile}; measured in docs/azure-http-client.md) or {@code jdk}
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
     * @param stagingMaxAge staging blobs (and markers) older than this are deleted by the periodic sweep; longer than
     *                      any valet-key grant lives
     * @param stagingSweepInterval how often the sweep lists the staging container (one listing per 5,000 blobs)
     * @param stagingExpiryGrace how long after its grant expired a valet-key staging blob is kept, for a completion
     *                           that began just before
     * @param connectionMaxIdle a pooled connection to the store idle this long is closed (okhttp and netty clients):
     *                          shorter than the time after which the store closes an idle connection (Azurite: 5 s),
     *                          because a pushed body sent into a connection the store closes at that moment cannot be
     *                          sent again
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
            @DefaultValue("1h") Duration stagingMaxAge,
            @DefaultValue("30s") Duration stagingSweepInterval,
            @DefaultValue("1m") Duration stagingExpiryGrace,
            @DefaultValue("4s") Duration connectionMaxIdle) {

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
     * The blob-store component of {@code /actuator/health}.
     *
     * @param timeout longest a health request waits for the store's answer; a store that has not answered by then
     *     is reported down (the probe keeps running, and at most one runs at a time)
     */
    public record Health(@DefaultValue("3s") Duration timeout) {}
}
