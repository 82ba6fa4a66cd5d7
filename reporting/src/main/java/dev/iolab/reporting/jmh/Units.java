package dev.iolab.reporting.jmh;

import java.util.Locale;

/** Converts JMH score units. */
final class Units {

    private Units() {}

    /** Milliseconds per operation from a JMH score in {@code <time>/op} or {@code ops/<time>}. */
    static double millisPerOp(double score, String unit) {
        String u = unit.trim().toLowerCase(Locale.ROOT);
        if (u.endsWith("/op")) {
            return score * millisIn(u.substring(0, u.length() - 3), unit);
        }
        if (u.startsWith("ops/")) {
            return millisIn(u.substring(4), unit) / score;
        }
        throw new IllegalArgumentException("Not a time unit JMH uses: " + unit);
    }

    private static double millisIn(String time, String unit) {
        switch (time) {
            case "ns":
                return 1e-6;
            case "us":
                return 1e-3;
            case "ms":
                return 1;
            case "s":
                return 1e3;
            case "min":
                return 60e3;
            case "hr":
                return 3600e3;
            case "day":
                return 86400e3;
            default:
                throw new IllegalArgumentException("Not a time unit JMH uses: " + unit);
        }
    }

    static boolean isTimeUnit(String unit) {
        try {
            millisPerOp(1, unit);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
