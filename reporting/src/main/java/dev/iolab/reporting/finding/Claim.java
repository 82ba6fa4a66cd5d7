package dev.iolab.reporting.finding;

import dev.iolab.reporting.jmh.BenchmarkResult;
import java.util.Objects;

/**
 * One ratio a {@link Finding} rests on: a cell's time ÷ another cell's time of the same run, or ÷ a figure measured
 * beside the run (a native tool's best time). A ratio above 1 means the numerator takes longer.
 *
 * @param name              how the finding's template names this ratio, e.g. {@code buffering}
 * @param numerator         the cell whose time is divided
 * @param denominator       the cell it is divided by, or null when {@code denominatorMillis} is given
 * @param denominatorMillis a figure measured beside the run, in ms per operation, or NaN when {@code denominator} is
 *                          a cell
 */
public record Claim(String name, BenchmarkResult numerator, BenchmarkResult denominator, double denominatorMillis) {

    public Claim {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(numerator, "numerator");
        if ((denominator == null) == Double.isNaN(denominatorMillis)) {
            throw new IllegalArgumentException("a claim divides by a cell or by a figure, not both or neither");
        }
    }

    /** {@code numerator}'s time ÷ {@code denominator}'s, both cells of one run. */
    public static Claim between(String name, BenchmarkResult numerator, BenchmarkResult denominator) {
        return new Claim(name, numerator, denominator, Double.NaN);
    }

    /** {@code cell}'s time ÷ a figure measured beside the run, in ms per operation. */
    public static Claim against(String name, BenchmarkResult cell, double millis) {
        if (!(millis > 0)) {
            throw new IllegalArgumentException("a figure to divide by must be positive, got " + millis);
        }
        return new Claim(name, cell, null, millis);
    }

    /** Whether the denominator is a cell of the run (and not a figure measured beside it). */
    public boolean betweenCells() {
        return denominator != null;
    }

    /** Identifies the ratio across result files: the two cells' keys (or the figure's role, by name). */
    public String key() {
        return numerator.cellKey() + " ÷ " + (betweenCells() ? denominator.cellKey() : name);
    }
}
