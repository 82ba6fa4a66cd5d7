package dev.iolab.upload.download;

import dev.iolab.upload.connection.MinimumRate;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Downloads ({@code GET /uploads/{name}}, {@code upload.download.*}).
 *
 * @param maxConcurrent downloads streaming at once (each holds a container thread and one chunk); beyond it, 503
 *     with {@code Retry-After}
 * @param chunkSize bytes read from the store per ranged read, and the most a download holds in memory
 * @param minRate bytes per second a reader must take, on average, after its first chunk; slower ones are cut off
 * @param grace time a reader has to take its first bytes
 */
@ConfigurationProperties("upload.download")
record DownloadProperties(
        @DefaultValue("64") int maxConcurrent,
        @DefaultValue("256KB") DataSize chunkSize,
        @DefaultValue("500B") DataSize minRate,
        @DefaultValue("20s") Duration grace) {

    /** The rule a reader is held to; downloads are never queued, so their base is always {@code grace} after the first write. */
    MinimumRate minimumRate() {
        return new MinimumRate(minRate.toBytes(), grace, grace);
    }
}
