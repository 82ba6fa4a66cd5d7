package dev.iolab.reporting.host;

import java.util.Locale;

/**
 * The kernel's load averages ({@code /proc/loadavg}): runnable and uninterruptible tasks, averaged over 1, 5 and 15
 * minutes. On a machine of N cores, a load above N means work waited for a core.
 */
public record LoadAverage(double oneMinute, double fiveMinutes, double fifteenMinutes) {

    /** {@code 0.31 1.39 2.33}, as {@code /proc/loadavg} and {@code uptime} write them. */
    public String text() {
        return String.format(Locale.ROOT, "%.2f %.2f %.2f", oneMinute, fiveMinutes, fifteenMinutes);
    }

    /** Reads the first three fields of a {@code /proc/loadavg} line; null when they are not numbers. */
    static LoadAverage parse(String line) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 3) {
            return null;
        }
        try {
            return new LoadAverage(
                    Double.parseDouble(fields[0]), Double.parseDouble(fields[1]), Double.parseDouble(fields[2]));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
