package dev.iolab.bench.walk;

import java.util.List;

/**
 * The median of a comparison's rounds (seconds of wall or CPU time). The walk's command lines ({@code bench/dirsize},
 * {@code CompareWalkers}) run from this module's classes alone, without the build's class path, so that their
 * start-up stays what is measured; this is why they keep this copy of the reporting module's {@code Medians} (same median, same NaN for no value)
 * rather than use it.
 */
final class RoundTimes {

    private RoundTimes() {}

    /** The middle value, or the mean of the two middle values for an even count; NaN for none. */
    static double median(List<Double> seconds) {
        double[] sorted =
                seconds.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
