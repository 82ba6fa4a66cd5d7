package dev.iolab.upload.storage;

import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.core.http.okhttp.OkHttpAsyncHttpClientBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceAsyncClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import dev.iolab.upload.UploadProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;
import reactor.netty.resources.ConnectionProvider;

/**
 * Builds the store's clients from {@code upload.azure.*}: authorised by the connection string
 * ({@code AZURE_STORAGE_CONNECTION_STRING}, Azurite or an account key) or, without one, by the service's Azure identity
 * ({@code DefaultAzureCredential}) at {@code AZURE_STORAGE_BLOB_ENDPOINT}; creates both containers when they are
 * missing, and picks the SAS signer that fits the authorisation.
 */
@Configuration(proxyBeanMethods = false)
class StorageConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StorageConfiguration.class);

    /**
     * Most requests in flight to the store per replica, whichever HTTP client sends them: Reactor Netty's default
     * pool size, {@code 2 × max(processors, 8)} connections (16 on a 2-core machine).
     */
    static final int MAX_CONNECTIONS = ConnectionProvider.DEFAULT_POOL_MAX_CONNECTIONS;

    /**
     * The netty client's connection pool: the sizes of Reactor Netty's default pool (the one the SDK uses when given
     * none: {@link #MAX_CONNECTIONS} connections, up to 500 requests waiting 45 s for one), idle connections closed
     * after {@code upload.azure.connection-max-idle} (checked in the background too, so none waits in the pool for the
     * store to close it), disposed with the context.
     */
    @Bean(destroyMethod = "dispose")
    ConnectionProvider storageConnections(UploadProperties properties) {
        return nettyPool(properties.azure().connectionMaxIdle());
    }

    static ConnectionProvider nettyPool(Duration maxIdle) {
        return ConnectionProvider.builder("iolab-storage")
                .maxConnections(MAX_CONNECTIONS)
                .pendingAcquireMaxCount(500)
                .pendingAcquireTimeout(Duration.ofMillis(ConnectionProvider.DEFAULT_POOL_ACQUIRE_TIMEOUT))
                .maxIdleTime(maxIdle)
                .evictInBackground(maxIdle)
                .build();
    }

    @Bean
    AzureContainers azureContainers(
            UploadProperties properties, ConnectionProvider storageConnections, MeterRegistry registry) {
        UploadProperties.Azure azure = properties.azure();
        HttpClient http = httpClient(azure.httpClient(), storageConnections, azure.connectionMaxIdle());
        StoreRequestCounter counter = new StoreRequestCounter(registry);
        BlobServiceClient service = authorised(azure)
                .httpClient(http)
                .addPolicy(counter)
                .retryOptions(new RequestRetryOptions(
                        RetryPolicyType.EXPONENTIAL,
                        azure.maxTries(),
                        azure.tryTimeout(),
                        azure.retryDelay(),
                        azure.maxRetryDelay(),
                        null))
                .buildClient();
        BlobServiceAsyncClient streaming =
                streaming(authorised(azure).httpClient(http).addPolicy(counter));
        String stagingContainer = azure.effectiveStagingContainer(properties.container());
        AzureContainers containers = new AzureContainers(
                service.getBlobContainerClient(properties.container()),
                streaming.getBlobContainerAsyncClient(properties.container()),
                service.getBlobContainerClient(stagingContainer),
                sasSigner(azure, service),
                azure.tryTimeout());
        if (azure.createContainer()) {
            try {
                containers.heal();
            } catch (RuntimeException e) {
                // Start anyway: health reports the store as down, and the first write creates the containers.
                log.warn(
                        "Could not create containers '{}' and '{}': {}",
                        properties.container(),
                        stagingContainer,
                        e.toString());
            }
        }
        log.info(
                "Blob store: container '{}', staging container '{}', SAS signed with the {}",
                properties.container(),
                stagingContainer,
                containers.signer().kind());
        return containers;
    }

    /** The client pushed bodies are sent with: one try, no per-try timeout (see {@link AzureContainers}). */
    static BlobServiceAsyncClient streaming(BlobServiceClientBuilder builder) {
        return builder.retryOptions(
                        new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Duration) null, null, null, null))
                .buildAsyncClient();
    }

    @Bean
    BlobContainerClient blobContainerClient(AzureContainers containers) {
        return containers.uploads();
    }

    @Bean
    StagingArea stagingArea(AzureContainers containers, UploadProperties properties) {
        return new AzureStagingArea(containers, accountKey(properties.azure().connectionString()));
    }

    /** The decoded {@code AccountKey} of a connection string, or null when it has none. */
    static byte[] accountKey(String connectionString) {
        if (!StringUtils.hasText(connectionString)) {
            return null;
        }
        for (String part : connectionString.split(";")) {
            String setting = part.strip();
            if (setting.regionMatches(true, 0, "AccountKey=", 0, "AccountKey=".length())) {
                try {
                    return java.util.Base64.getDecoder().decode(setting.substring("AccountKey=".length()));
                } catch (IllegalArgumentException e) {
                    return null; // the SDK itself refuses such a connection string
                }
            }
        }
        return null;
    }

    @Bean
    BlobStorage blobStorage(AzureContainers containers, UploadProperties properties) {
        UploadProperties.Azure azure = properties.azure();
        return new AzureBlobStorage(
                containers,
                new AzureStagingArea(containers),
                azure.blockSize().toBytes(),
                azure.maxSingleUploadSize().toBytes(),
                azure.maxConcurrency());
    }

    @Bean
    ResumableBlobs resumableBlobs(AzureContainers containers) {
        return new AzureResumableBlobs(containers, new AzureStagingArea(containers));
    }

    @Bean
    StagingSweeper stagingSweeper(StagingArea staging, UploadProperties properties) {
        UploadProperties.Azure azure = properties.azure();
        return new StagingSweeper(
                staging,
                azure.stagingMaxAge(),
                azure.stagingSweepInterval(),
                azure.stagingExpiryGrace(),
                Clock.systemUTC());
    }

    /** A client builder authorised by the connection string, else by the service's Azure identity. */
    static BlobServiceClientBuilder authorised(UploadProperties.Azure azure) {
        if (StringUtils.hasText(azure.connectionString())) {
            return new BlobServiceClientBuilder().connectionString(azure.connectionString());
        }
        if (StringUtils.hasText(azure.endpoint())) {
            return new BlobServiceClientBuilder()
                    .endpoint(azure.endpoint())
                    .credential(new DefaultAzureCredentialBuilder().build());
        }
        throw new IllegalStateException("Set AZURE_STORAGE_CONNECTION_STRING (upload.azure.connection-string), or "
                + "AZURE_STORAGE_BLOB_ENDPOINT (upload.azure.endpoint) to run with an Azure identity");
    }

    /**
     * Account-key SAS when the connection string carries the key (Azurite, shared key); user delegation SAS when the
     * service runs with an Azure identity; none with a connection string that holds only a SAS of its own.
     */
    static SasSigner sasSigner(UploadProperties.Azure azure, BlobServiceClient service) {
        if (StringUtils.hasText(azure.connectionString())) {
            if (azure.connectionString().contains("AccountKey=")) {
                return new AccountKeySasSigner();
            }
            return new SasSigner() {
                @Override
                public String sign(
                        com.azure.storage.blob.BlobClient blob,
                        com.azure.storage.blob.sas.BlobServiceSasSignatureValues values) {
                    throw new StorageUnavailableException(
                            "valet-key uploads need an account key or an Azure identity; the connection string has"
                                    + " neither",
                            null);
                }

                @Override
                public String kind() {
                    return "nothing (no account key, no identity)";
                }
            };
        }
        return new UserDelegationSasSigner(service::getUserDelegationKey, Clock.systemUTC());
    }

    /**
     * The SDK's HTTP client named by {@code upload.azure.http-client}. {@code okhttp} gets the limits the netty pool
     * has, not OkHttp's own: OkHttp sends at most 5 asynchronous requests to one host at once (its dispatcher's
     * default) and queues the rest, so with it no more than 5 pushed uploads would stream to the store at a time while
     * the others' threads waited for it; and it keeps idle connections 5 minutes, longer than a store may keep them
     * open. {@code jdk}: the JDK client's own (no limit per host; idle connections closed after {@code
     * jdk.httpclient.keepalive.timeout}).
     */
    static HttpClient httpClient(String name, ConnectionProvider connections, Duration maxIdle) {
        return switch (name) {
            case "netty" ->
                new NettyAsyncHttpClientBuilder()
                        .connectionProvider(connections)
                        .build();
            case "jdk" -> new JdkHttpClientBuilder().build();
            case "okhttp" -> {
                Dispatcher dispatcher = new Dispatcher();
                dispatcher.setMaxRequests(MAX_CONNECTIONS);
                dispatcher.setMaxRequestsPerHost(MAX_CONNECTIONS);
                yield new OkHttpAsyncHttpClientBuilder()
                        .dispatcher(dispatcher)
                        .connectionPool(new ConnectionPool(MAX_CONNECTIONS, maxIdle.toMillis(), TimeUnit.MILLISECONDS))
                        .build();
            }
            default ->
                throw new IllegalArgumentException(
                        "upload.azure.http-client must be netty, jdk or okhttp, not '" + name + "'");
        };
    }
}
