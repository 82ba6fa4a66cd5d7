package dev.iolab.upload.transfer.body;

import dev.iolab.upload.connection.MinimumRate;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The slowest upload body accepted ({@code upload.body.*}), as Apache httpd's {@code mod_reqtimeout} states it ({@code body=20,MinRate=500}):
 * a body has {@code grace} after its request head arrived for its first byte and one more second for every
 * {@code minRate} bytes after it, and at most {@code maxDuration} in all, or it is answered 408 and its thread freed
 * ({@link MinimumRate}, {@link MinimumRateInputStream}).
 *
 * @param minRate bytes per second a body must keep up, on average, after its first byte
 * @param grace time a body has for its first byte
 * @param queuedGrace time a body that waited in the queue longer than {@code grace} gets for its first byte once it is
 *     read, and the time a client that sent {@code Expect: 100-continue} gets for its first byte once it is told to
 *     send (at the first read)
 * @param maxDuration the longest an upload's body may take from its request's arrival, however steadily it comes;
 *     then it is answered 408 and its thread freed. With the rate alone a body of {@code n} bytes may take
 *     {@code grace + n / min-rate}; this caps that for large ones (1 GB at the minimum rate would take 23 days). At
 *     most {@code upload.executor.async-timeout}, which gives up on the request itself; 0 turns the cap off
 */
@ConfigurationProperties("upload.body")
public record BodyProperties(
        @DefaultValue("500B") DataSize minRate,
        @DefaultValue("20s") Duration grace,
        @DefaultValue("2s") Duration queuedGrace,
        @DefaultValue("10m") Duration maxDuration) {

    /** The rule a body is held to; a body that waited in the queue gets {@code queuedGrace} once it is read. */
    MinimumRate minimumRate() {
        return new MinimumRate(minRate.toBytes(), grace, queuedGrace);
    }
}
