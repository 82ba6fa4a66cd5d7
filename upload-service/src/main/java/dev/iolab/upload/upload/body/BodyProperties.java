package dev.iolab.upload.upload.body;

import dev.iolab.upload.connection.MinimumRate;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The slowest upload body accepted ({@code upload.body.*}), as Apache httpd's {@code mod_reqtimeout} states it ({@code body=20,MinRate=500}):
 * a body has {@code grace} after its request head arrived for its first byte and one more second for every
 * {@code minRate} bytes after it, or it is answered 408 and its thread freed ({@link MinimumRate}).
 *
 * @param minRate bytes per second a body must keep up, on average, after its first byte
 * @param grace time a body has for its first byte
 * @param queuedGrace time a body that waited in the queue longer than {@code grace} gets for its first byte once it is
 *     read (a client that sent {@code Expect: 100-continue} is told to send only then)
 */
@ConfigurationProperties("upload.body")
public record BodyProperties(
        @DefaultValue("500B") DataSize minRate,
        @DefaultValue("20s") Duration grace,
        @DefaultValue("2s") Duration queuedGrace) {

    /** The rule a body is held to; a body that waited in the queue gets {@code queuedGrace} once it is read. */
    MinimumRate minimumRate() {
        return new MinimumRate(minRate.toBytes(), grace, queuedGrace);
    }
}
