package dev.iolab.upload.client;

import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call, prefix {@code upload}. Without a key the service refuses to start unless {@code open} says it is
 * meant to be open.
 *
 * @param apiKey the key every client may send ({@code Authorization: Bearer <key>}); clients are then told apart by
 *     their address
 * @param apiKeys keys per client, {@code upload.api-keys.<client-name>=<key>}: a client that sends its key is known by
 *     its name in the per-client shares, whatever its address (several machines of one client share its share)
 * @param open {@code true} to run without any key on purpose: every route is open to whoever reaches the port (logged
 *     at WARN at start)
 */
@ConfigurationProperties("upload")
public record ClientProperties(
        String apiKey,
        @DefaultValue Map<String, String> apiKeys,
        @DefaultValue("false") boolean open) {}
