package dev.iolab.upload.transfer.shedding;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * When slow uploads are cut to free upload threads ({@code upload.shedding.*}, {@link LoadShedder}). The minimum rate
 * ({@code upload.body.min-rate}, 500 B/s) is what every body must keep up, busy or not; these thresholds apply only
 * under pressure, to bodies far slower than any normal client but above that minimum (a trickle at 600 B/s holds its
 * thread for {@code upload.body.max-duration}, 10 minutes).
 *
 * @param enabled whether slow uploads are cut under pressure at all
 * @param pressure the fraction of the upload threads ({@code upload.executor.max-size}) that, once running, is
 *     pressure (rounded up: 20 of 25); while at least that many run, the slowest uploads below {@code belowRate} are
 *     cut until fewer run
 * @param belowRate bytes per second: an upload whose body came slower than this over the last {@code window} may be
 *     cut under pressure. 4 KB/s takes over 4 minutes per MiB, 8 times the minimum rate; a phone on a poor mobile
 *     link sends tens of KB/s
 * @param window the time over which a body's recent rate is measured; a body read for less than this is not cut
 * @param interval how often the pressure and the rates are looked at
 */
@ConfigurationProperties("upload.shedding")
public record SheddingProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("0.8") double pressure,
        @DefaultValue("4KB") DataSize belowRate,
        @DefaultValue("10s") Duration window,
        @DefaultValue("1s") Duration interval) {

    public SheddingProperties {
        if (!(pressure > 0 && pressure <= 1)) {
            throw new IllegalArgumentException(
                    "upload.shedding.pressure is a fraction above 0 and at most 1, not " + pressure);
        }
        if (window.isNegative() || window.isZero() || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("upload.shedding.window and interval must be positive");
        }
    }

    /** How many running uploads are pressure, of {@code threads}: {@link #pressure} of them, rounded up. */
    int threshold(int threads) {
        return Math.max(1, (int) Math.ceil(threads * pressure));
    }
}
