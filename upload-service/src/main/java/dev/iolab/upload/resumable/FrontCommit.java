package dev.iolab.upload.resumable;

import java.time.Duration;
import java.util.Optional;

/**
 * What the front says when it asks the service to commit an upload whose last block it staged: its word on that block
 * ({@code X-Front-Staged}), and how long ago it renewed the grant's lease for it ({@code X-Front-Renewed}, in
 * seconds with a fraction, as nginx's clock gives them).
 *
 * @param renewedAgo empty when the front did not say, or said something malformed or implausible (a day or more)
 */
record FrontCommit(FrontStaged staged, Optional<Duration> renewedAgo) {

    /** The headers' values, each null when absent. */
    static FrontCommit parse(String staged, String renewed) {
        return new FrontCommit(FrontStaged.parse(staged), renewedAgo(renewed));
    }

    private static Optional<Duration> renewedAgo(String seconds) {
        try {
            double value = seconds == null ? -1 : Double.parseDouble(seconds);
            return value >= 0 && value < 86_400
                    ? Optional.of(Duration.ofMillis(Math.round(value * 1000)))
                    : Optional.empty();
        } catch (NumberFormatException malformed) {
            return Optional.empty();
        }
    }
}
