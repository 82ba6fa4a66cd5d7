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
 * @param minRate bytes per second a reader must take after its first chunk, judged over {@code rateWindow}; slower
 *     ones are cut off
 * @param grace time a reader has to take its first bytes
 * @param rateWindow how far a reader that was faster than {@code minRate} may fall behind it: the next slice of the
 *     body is always due within this window (plus the slice's own time at {@code minRate}), so bytes parked in socket
 *     buffers buy a reader that stopped reading this long, not hours. 0 judges the average since the first byte alone
 * @param maxDuration the longest a download may take, however steadily its reader takes it; a download of {@code n}
 *     bytes ends at {@code grace + n / min-rate} if that is sooner. 0 turns the cap off
 */
@ConfigurationProperties("upload.download")
record DownloadProperties(
        @DefaultValue("64") int maxConcurrent,
        @DefaultValue("256KB") DataSize chunkSize,
        @DefaultValue("500B") DataSize minRate,
        @DefaultValue("20s") Duration grace,
        @DefaultValue("30s") Duration rateWindow,
        @DefaultValue("10m") Duration maxDuration) {

    /** The rule a reader is held to; downloads are never queued, so their base is always {@code grace} after the first write. */
    MinimumRate minimumRate() {
        return new MinimumRate(minRate.toBytes(), grace, grace);
    }

    /**
     * The longest a download of {@code length} bytes may take: {@code maxDuration}, or the time the minimum rate gives
     * it ({@code grace + length / min-rate}) when that is shorter; zero when neither limits it.
     */
    Duration longestFor(long length) {
        MinimumRate rate = minimumRate();
        Duration byRate = rate.enabled() ? Duration.ofNanos(rate.deadlineNanos(grace.toNanos(), length)) : null;
        boolean capped = !maxDuration.isZero() && !maxDuration.isNegative();
        if (byRate == null) {
            return capped ? maxDuration : Duration.ZERO;
        }
        return capped && maxDuration.compareTo(byRate) < 0 ? maxDuration : byRate;
    }
}
