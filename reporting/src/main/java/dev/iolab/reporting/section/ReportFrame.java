package dev.iolab.reporting.section;

import dev.iolab.reporting.jmh.BenchmarkResult;
import java.util.List;

/**
 * What a project's JMH report says around its {@linkplain ReportSection sections}: its title, notes under the legend
 * and at the end, the cache state its benchmarks ran in, and which entries' times are measurements. At most one per
 * project, listed in {@code META-INF/services/dev.iolab.reporting.section.ReportFrame}; without one the report has a
 * generic title and no notes, and every entry with a time unit counts as a measurement.
 */
public interface ReportFrame {

    /** The report's first heading, e.g. {@code iolab benchmark report}. */
    String title();

    /**
     * The kinds of ratio the sections show, named in the legend's sentence on ratios' intervals, e.g.
     * {@code speed-ups, Java ÷ native, ours ÷ published}; empty to name none.
     */
    default String ratioKinds() {
        return "";
    }

    /** A sentence after the legend of marks and intervals, e.g. where the method is explained; empty for none. */
    default String legendNote() {
        return "";
    }

    /**
     * The environment table's cache-state row for these results (page cache warm or cold, files fresh or reused);
     * empty when the project does not say.
     */
    default String cacheState(List<BenchmarkResult> results) {
        return "";
    }

    /**
     * How else to produce a section's missing results, after its own command, e.g.
     * {@code or with a profile: `./mvnw -pl bench jmh:run -Djmh.profile=quick`}; empty for nothing.
     */
    default String missingResultsHint() {
        return "";
    }

    /** A paragraph for the end of the report, before the command that regenerates it; empty for none. */
    default String footnote() {
        return "";
    }

    /**
     * Whether this entry's primary metric is a measurement of time: false for an entry run with a profiler that slows
     * the benchmark down for its counts (allocation tracing, ptrace), whose time the report, the headline cells and
     * {@code jmh:compare} leave out. Entries without a time unit never count, whatever this says.
     */
    default boolean measuresTime(BenchmarkResult entry) {
        return true;
    }
}
