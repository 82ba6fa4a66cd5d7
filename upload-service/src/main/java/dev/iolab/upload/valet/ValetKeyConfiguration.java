package dev.iolab.upload.valet;

import dev.iolab.upload.client.ClientShareProperties;
import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.storage.StagingSweeper;
import dev.iolab.upload.transfer.UploadMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;

/**
 * The valet-key feature from {@code upload.valet-key.*}, on the system clock: the grant signer and its key, the count
 * of open grants, the completion markers and the service.
 */
@Configuration(proxyBeanMethods = false)
class ValetKeyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ValetKeyConfiguration.class);

    /** What the signing key derived from the account key is for; changing it invalidates every open grant. */
    static final String DERIVED_KEY_PURPOSE = "iolab upload-service: valet-key grant signing key, version 1";

    @Bean
    GrantSigner grantSigner(ValetKeyProperties properties, StagingArea staging) {
        List<byte[]> previous = properties.previousSigningKeys().stream()
                .filter(StringUtils::hasText)
                .map(k -> decode(k, "upload.valet-key.previous-signing-keys"))
                .toList();
        if (StringUtils.hasText(properties.signingKey())) {
            log.info(
                    "Valet-key grants are signed with upload.valet-key.signing-key ({} previous keys accepted)",
                    previous.size());
            return new GrantSigner(decode(properties.signingKey(), "upload.valet-key.signing-key"), previous);
        }
        byte[] derived = staging.derivedSecret(DERIVED_KEY_PURPOSE)
                .orElseThrow(() -> new IllegalStateException(
                        "Set upload.valet-key.signing-key (env UPLOAD_VALET_KEY_SIGNING_KEY): Base64 of at least 32"
                                + " random bytes, the same on every replica, e.g. `openssl rand -base64 32`. Without"
                                + " an account key in the connection string there is nothing to derive it from."));
        log.info(
                "Valet-key grants are signed with a key derived from the storage account key ({} previous keys"
                        + " accepted)",
                previous.size());
        return new GrantSigner(derived, previous);
    }

    @Bean
    OpenGrants openGrants(ValetKeyProperties properties, ClientShareProperties shares, MeterRegistry registry) {
        int max = properties.maxOpenGrants();
        return new OpenGrants(
                max, shares.shares("open grants", max, shares.grants(), registry), registry, Clock.systemUTC());
    }

    @Bean
    CompletionClaims completionClaims(ValetKeyProperties properties, StagingArea staging, StagingSweeper sweeper) {
        if (properties
                        .ttl()
                        .plus(sweeper.grace())
                        .plus(properties.claimTimeout())
                        .compareTo(sweeper.maxAge())
                >= 0) {
            // The sweep would delete staging blobs and completion markers of grants that can still be completed.
            throw new IllegalStateException("upload.azure.staging-max-age (" + sweeper.maxAge()
                    + ") must be longer than upload.valet-key.ttl + upload.azure.staging-expiry-grace +"
                    + " upload.valet-key.claim-timeout (" + properties.ttl() + " + " + sweeper.grace() + " + "
                    + properties.claimTimeout() + ")");
        }
        return new CompletionClaims(staging, properties.claimTimeout(), Clock.systemUTC());
    }

    @Bean
    ValetKeyService valetKeyService(
            GrantSigner signer,
            OpenGrants open,
            CompletionClaims claims,
            StagingArea staging,
            UploadMetrics metrics,
            MeterRegistry registry,
            ValetKeyProperties properties) {
        return new ValetKeyService(
                signer, open, claims, staging, metrics, new CompletionMetrics(registry), properties, Clock.systemUTC());
    }

    private static byte[] decode(String key, String property) {
        try {
            return Base64.getDecoder().decode(key.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(property + " must be Base64 (e.g. `openssl rand -base64 32`)", e);
        }
    }
}
