package dev.iolab.jmh.plugin;

import dev.iolab.jmh.plugin.interleave.UnitHost;
import java.util.List;

/**
 * Decides which lines of JMH's output reach the console, so that it shows progress and results: each benchmark's
 * name, parameters and fork, the iterations with their scores, warnings and errors, and the final table. Left out:
 * the per-fork settings block (JVM, options, iteration settings: they are in the JSON and the environment record),
 * JMH's own progress lines (the plugin prints its own), the per-benchmark "Result" blocks with JMH's 99.9 %
 * intervals (the final table repeats the scores; the report has meaningful intervals), and JMH's closing
 * REMEMBER/NOTE paragraphs. Repeated blank lines are collapsed. Everything goes to the log file regardless.
 */
final class JmhOutputFilter {

    private static final List<String> HIDDEN_PREFIXES = List.of(
            "# JMH version",
            "# VM version",
            "# VM invoker",
            "# VM options",
            "# Blackhole mode",
            "# Warmup:",
            "# Measurement:",
            "# Timeout:",
            "# Threads:",
            "# Benchmark mode:",
            "# Run progress:",
            "# Run complete.",
            "# Detecting actual CPU count");

    /** Paragraphs hidden up to the next blank line. */
    private static final List<String> HIDDEN_PARAGRAPHS =
            List.of("REMEMBER:", "NOTE: Current JVM experimentally supports", "Result \"", "Secondary result \"");

    /**
     * What a unit of an interleaved run prints about itself, which {@code jmh:run}'s own progress line names instead:
     * the benchmark, its parameters, the fork (always "1 of 1" for a unit) and the host's announcement of the unit;
     * and JMH's warning that the unit ignores JMH's lock, which the host holds for all of them.
     */
    private static final List<String> UNIT_PREFIXES = List.of(
            "# Benchmark: ", "# Parameters: ", "# Fork: ", UnitHost.UNIT_LINE, "# WARNING: JMH lock is ignored");

    private final boolean units;
    private boolean inHiddenParagraph;
    private boolean lastShownBlank = true;

    /** The filter of a plain JMH run. */
    JmhOutputFilter() {
        this(false);
    }

    /** @param units whether the output is of an interleaved run's units (see {@link UnitHost}) */
    JmhOutputFilter(boolean units) {
        this.units = units;
    }

    /** Whether a line starting like this is echoed as it arrives (an iteration, whose score comes later). */
    static boolean streamsLive(CharSequence start) {
        String s = start.toString();
        return s.startsWith("Iteration ") || s.startsWith("# Warmup Iteration");
    }

    /** Whether the complete line {@code line} (without its terminator) is shown. */
    boolean show(String line) {
        if (line.isBlank()) {
            inHiddenParagraph = false;
            if (lastShownBlank) {
                return false;
            }
            lastShownBlank = true;
            return true;
        }
        if (inHiddenParagraph) {
            return false;
        }
        if (HIDDEN_PARAGRAPHS.stream().anyMatch(line::startsWith)) {
            inHiddenParagraph = true;
            return false;
        }
        if (HIDDEN_PREFIXES.stream().anyMatch(line::startsWith)
                || (units && UNIT_PREFIXES.stream().anyMatch(line::startsWith))) {
            return false;
        }
        lastShownBlank = false;
        return true;
    }
}
