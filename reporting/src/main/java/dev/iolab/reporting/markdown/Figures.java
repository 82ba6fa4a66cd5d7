package dev.iolab.reporting.markdown;

import dev.iolab.reporting.stats.Medians;
import java.util.Collection;
import java.util.Locale;
import java.util.Objects;

/**
 * How reports write figures: {@link #NONE} for a figure that does not exist, about four significant figures for
 * measurements, fixed decimals where a column asks for them, and {@code ×} for factors. Every format uses
 * {@link Locale#ROOT}, so a report reads the same on every machine.
 */
public final class Figures {

    /** What a cell shows when there is no figure (no measurement, not a number). */
    public static final String NONE = "–";

    private Figures() {}

    /**
     * About four significant figures, thousands grouped: {@code 116,644}, {@code 251.7}, {@code 13.17},
     * {@code 3.880}, {@code 0.0441}; {@link #NONE} for NaN and infinities.
     */
    public static String number(double value) {
        if (!Double.isFinite(value)) {
            return NONE;
        }
        double abs = Math.abs(value);
        if (abs >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (abs >= 100) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (abs >= 10) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        if (abs >= 1 || abs == 0) {
            return String.format(Locale.ROOT, "%.3f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /** {@code value} with {@code decimals} decimals ({@code 8.82}); {@link #NONE} for null, NaN and infinities. */
    public static String fixed(Double value, int decimals) {
        return value != null && Double.isFinite(value)
                ? String.format(Locale.ROOT, "%." + decimals + "f", value)
                : NONE;
    }

    /**
     * Repeated measurements of one figure as "median (lowest–highest)" with {@code decimals} decimals ({@code 1.07
     * (1.05–1.18)}), of the values that were measured (null, NaN and infinities left out): the value alone when there is
     * one, {@link #NONE} when there is none.
     */
    public static String spread(Collection<? extends Number> values, int decimals) {
        double[] present = values.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Number::doubleValue)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        if (present.length <= 1) {
            return present.length == 0 ? NONE : fixed(present[0], decimals);
        }
        return fixed(Medians.ofSorted(present), decimals) + " (" + fixed(present[0], decimals) + "–"
                + fixed(present[present.length - 1], decimals) + ")";
    }

    /**
     * A duration in whole seconds as minutes and two-digit seconds however long it is: {@code 7 min 39 s},
     * {@code 0 min 35 s}, {@code 75 min 00 s}; the one format of a run's length in reports and on the console.
     */
    public static String minutes(long seconds) {
        return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
    }

    /** Bytes as whole mebibytes ({@code 512} for 536,870,912); {@link #NONE} for null, NaN and infinities. */
    public static String mib(Double bytes) {
        return bytes == null ? NONE : fixed(bytes / (1024.0 * 1024.0), 0);
    }

    /** {@code 4.3 %}; {@link #NONE} for NaN. */
    public static String percent(double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%.1f %%", value);
    }

    /** A factor: {@code ×1.23}, {@code ×91}; {@link #NONE} for NaN and infinities. */
    public static String times(double value) {
        if (!Double.isFinite(value)) {
            return NONE;
        }
        return "×" + factor(value);
    }

    /** A factor without its sign: two decimals below 10 ({@code 1.23}), whole and grouped from 10 on ({@code 1,234}). */
    public static String factor(double value) {
        return value >= 10 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
