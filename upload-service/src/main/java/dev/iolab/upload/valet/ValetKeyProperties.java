package dev.iolab.upload.valet;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Valet-key uploads ({@code upload.valet-key.*}; {@code POST /uploads/{name}/grant}, {@code POST /uploads/{name}/complete}).
 *
 * @param ttl how long a grant and its SAS are valid
 * @param maxSize largest size a grant may be asked for (Put Blob takes up to 5000 MiB in one request)
 * @param publicEndpoint the account's blob endpoint as clients reach it, when it differs from the service's (e.g.
 *                       {@code http://127.0.0.1:10000/devstoreaccount1} outside compose, {@code azurite:10000}
 *                       inside); unset: the service's own endpoint
 * @param maxOpenGrants grants given by this replica and neither expired nor completed here; beyond, 503
 * @param maxConcurrentReadBacks completions reading a staged blob back at once (only those whose bytes the store
 *                               cannot vouch for); beyond, 503 {@code queue-full} at once
 * @param signingKey Base64 of at least 32 random bytes that signs grants (env {@code UPLOAD_VALET_KEY_SIGNING_KEY});
 *                   every replica must have the same. Unset: a key derived from the storage account key, which
 *                   replicas share too; required when the service runs with an Azure identity
 * @param previousSigningKeys keys whose grants are still accepted (Base64), for a rotation: the old key stays here
 *                            for one {@code ttl} after the new one is in place
 * @param claimTimeout how long a completion may hold a grant before another completion may take it over (a replica
 *                     that died mid-completion)
 */
@ConfigurationProperties("upload.valet-key")
record ValetKeyProperties(
        @DefaultValue("15m") Duration ttl,
        @DefaultValue("5000MB") DataSize maxSize,
        String publicEndpoint,
        @DefaultValue("10000") int maxOpenGrants,
        @DefaultValue("4") int maxConcurrentReadBacks,
        String signingKey,
        @DefaultValue List<String> previousSigningKeys,
        @DefaultValue("2m") Duration claimTimeout) {}
