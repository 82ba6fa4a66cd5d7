package dev.iolab.bench.walk;

import java.util.List;

/**
 * The median of a comparison's rounds (seconds of wall or CPU time): the same median as the reporting module's
 * {@code Medians} (the middle value, the mean of the two middle ones for an even count, NaN for none). The walk's
 * command lines ({@code bench/dirsize}, {@code CompareWalkers}) run from this module's classes alone, without the
 * build's class path, so that their start-up stays what is measured; a second jar on that class path for one
 * six-line method would cost every run more than this copy costs the reader.
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
