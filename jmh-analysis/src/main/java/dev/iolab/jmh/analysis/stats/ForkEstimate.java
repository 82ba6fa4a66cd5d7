package dev.iolab.jmh.analysis.stats;

import java.util.Locale;

/**
 * A cell's location (or the ratio of two cells' locations) with an interval drawn from its forks: either a confidence
 * interval at {@link #level()}, or — when there are too few forks for one to mean anything — just the range the
 * forks span, which claims no coverage at all.
 *
 * @param value the estimate: the geometric mean of the fork centres, or the ratio of two such means
 * @param low   lower end of the interval or range
 * @param high  upper end of the interval or range
 * @param kind  what the interval is
 * @param level the confidence level of a {@link Kind#CONFIDENCE} interval (e.g. 0.95); {@code NaN} for a range
 * @param forks the forks behind it; for a ratio, the fewer of the two sides
 */
public record ForkEstimate(double value, double low, double high, Kind kind, double level, int forks) {

    /** What the interval is. */
    public enum Kind {
        /** A confidence interval from the forks' spread, at {@link #level()}. */
        CONFIDENCE,
        /**
         * A rerun interval: where a rerun's estimate of identical code lands with probability {@link #level()} (the
         * forks' scatter in both runs plus the host's run-to-run shift), the interval to hold a rerun against.
         */
        RERUN,
        /** Too few forks for a confidence interval: the smallest and largest fork (or fork ratio), no coverage. */
        RANGE
    }

    public ForkEstimate {
        if (!(low <= value && value <= high)) {
            throw new IllegalArgumentException("the estimate " + value + " must lie in [" + low + ", " + high + "]");
        }
        if (kind != Kind.RANGE && !(level > 0 && level < 1)) {
            throw new IllegalArgumentException("an interval needs a level in (0, 1), got " + level);
        }
    }

    /** A confidence interval at {@code level}. */
    public static ForkEstimate confidence(double value, double low, double high, double level, int forks) {
        return new ForkEstimate(value, low, high, Kind.CONFIDENCE, level, forks);
    }

    /** A rerun interval at {@code level}. */
    public static ForkEstimate rerun(double value, double low, double high, double level, int forks) {
        return new ForkEstimate(value, low, high, Kind.RERUN, level, forks);
    }

    /** The range of too few forks. */
    public static ForkEstimate range(double value, double low, double high, int forks) {
        return new ForkEstimate(value, low, high, Kind.RANGE, Double.NaN, forks);
    }

    /** Whether the interval claims a coverage (a confidence or rerun interval, not a bare range). */
    public boolean hasLevel() {
        return kind != Kind.RANGE;
    }

    /** Whether {@code x} lies inside the interval or range, ends included. */
    public boolean contains(double x) {
        return low <= x && x <= high;
    }

    /** This estimate in another unit: every figure multiplied by {@code factor} (> 0). */
    public ForkEstimate scaled(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("scale factor must be positive, got " + factor);
        }
        return new ForkEstimate(value * factor, low * factor, high * factor, kind, level, forks);
    }

    /**
     * What the interval is, for a table's cell beside the figures: {@code 95 % CI, 8 forks}, {@code 95 % rerun
     * interval, 8 forks}, {@code range of 3 forks} (no coverage claimed) or {@code 1 fork} (no interval at all).
     */
    public String basis() {
        if (kind == Kind.CONFIDENCE) {
            return String.format(Locale.ROOT, "%s CI, %d forks", percent(level), forks);
        }
        if (kind == Kind.RERUN) {
            return String.format(Locale.ROOT, "%s rerun interval, %d forks", percent(level), forks);
        }
        return forks == 1 ? "1 fork" : "range of " + forks + " forks";
    }

    /** {@code 95 %}, {@code 97.5 %}. */
    private static String percent(double level) {
        double p = level * 100;
        return (p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.1f", p))
                + " %";
    }
}
