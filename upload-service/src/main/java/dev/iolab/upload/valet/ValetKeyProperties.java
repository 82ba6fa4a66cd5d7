package dev.iolab.upload.valet;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Valet-key uploads ({@code upload.valet-key.*}; {@code POST /uploads/{name}/grant}, {@code POST /uploads/{name}/complete}).
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
@ConfigurationProperties("upload.valet-key")
record ValetKeyProperties(
        @DefaultValue("15m") Duration ttl,
        @DefaultValue("5000MB") DataSize maxSize,
        String publicEndpoint,
        @DefaultValue("10000") int maxOpenGrants,
        @DefaultValue("25") int maxConcurrentCompletions,
        @DefaultValue("60s") Duration completionWait) {}
