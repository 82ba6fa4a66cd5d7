package dev.iolab.upload.resumable;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Resumable uploads over tus 1.0 ({@code upload.resumable.*}; routes under {@code /files/}).
 *
 * @param blockSize bytes per staged block, and what one {@code PATCH} holds in memory (from the memory budget) while it
 *     runs. A {@code PATCH} that ends mid-block keeps the whole blocks before it, so a cut connection costs at most
 *     one block of re-sent bytes; larger blocks mean fewer store requests per GB (8 MiB: 128 per GiB) and Azure's
 *     high-throughput path for blocks over 4 MiB. Uploads created with one size keep it when the setting changes
 * @param maxSize largest {@code Upload-Length} accepted; never more than 50,000 blocks
 * @param expiry how long an upload lives after its creation or its last {@code PATCH}; shorter than
 *     {@code upload.azure.staging-max-age} minus {@code upload.azure.staging-expiry-grace}, after which the sweep
 *     removes abandoned uploads (a longer one is cut to half of that, with a warning)
 * @param leaseDuration the storage lease a {@code PATCH} holds on its upload (15 to 60 s, renewed as blocks are staged):
 *     how long an upload stays locked (423) after a replica died in the middle of a {@code PATCH}
 */
@ConfigurationProperties("upload.resumable")
record ResumableProperties(
        @DefaultValue("8MB") DataSize blockSize,
        @DefaultValue("50GB") DataSize maxSize,
        @DefaultValue("30m") Duration expiry,
        @DefaultValue("15s") Duration leaseDuration) {}
