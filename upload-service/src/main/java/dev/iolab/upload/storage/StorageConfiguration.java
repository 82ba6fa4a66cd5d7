package dev.iolab.upload.storage;

import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.core.http.okhttp.OkHttpAsyncHttpClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import dev.iolab.upload.system.UploadProperties;
import java.nio.file.Files;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;

/** Builds the container client from {@code upload.azure.*} and creates the container when it is missing. */
@Configuration(proxyBeanMethods = false)
class StorageConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StorageConfiguration.class);

    @Bean
    BlobContainerClient blobContainerClient(UploadProperties properties) throws Exception {
        UploadProperties.Azure azure = properties.azure();
        if (!StringUtils.hasText(azure.connectionString())) {
            throw new IllegalStateException(
                    "AZURE_STORAGE_CONNECTION_STRING (upload.azure.connection-string) is not set");
        }
        RequestRetryOptions retry = new RequestRetryOptions(
                RetryPolicyType.EXPONENTIAL,
                azure.maxTries(),
                azure.tryTimeout(),
                azure.retryDelay(),
                azure.maxRetryDelay(),
                null);
        BlobContainerClient container = new BlobServiceClientBuilder()
                .connectionString(azure.connectionString())
                .httpClient(httpClient(azure.httpClient()))
                .retryOptions(retry)
                .buildClient()
                .getBlobContainerClient(properties.container());
        if (azure.createContainer()) {
            try {
                container.createIfNotExists();
            } catch (RuntimeException e) {
                // Start anyway: health reports the store as down and uploads answer 502 until it is reachable.
                log.warn("Could not create container '{}': {}", properties.container(), e.toString());
            }
        }
        Files.createDirectories(properties.effectiveTempDir());
        return container;
    }

    @Bean
    BlobStorage blobStorage(BlobContainerClient container, UploadProperties properties) {
        return new AzureBlobStorage(
                container,
                properties.azure().blockSize().toBytes(),
                properties.azure().maxConcurrency());
    }

    static HttpClient httpClient(String name) {
        return switch (name) {
            case "netty" -> new NettyAsyncHttpClientBuilder().build();
            case "jdk" -> new JdkHttpClientBuilder().build();
            case "okhttp" -> new OkHttpAsyncHttpClientBuilder().build();
            default ->
                throw new IllegalArgumentException(
                        "upload.azure.http-client must be netty, jdk or okhttp, not '" + name + "'");
        };
    }
}
