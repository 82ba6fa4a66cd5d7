package dev.iolab.reporting.section;

import dev.iolab.reporting.host.Virtualization;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;

/**
 * What the report gives a {@link ReportSection}: the statistics of every cell, written the way the whole report writes
 * them (times with their marks, ratios with their intervals and the intervals' basis), the table of every cell, a
 * place for charts, the published figures' folder and what the run recorded about the machine. The statistics are the
 * report's own — a section arranges them and never computes an interval itself, so every section reads the same.
 *
 * <p>A cell's <em>time</em> is its forks' typical time: each fork (a fresh JVM) is summarised by the median of its
 * measured iterations, and the cell by the geometric mean of those medians. Times are milliseconds per operation
 * whatever unit JMH used; a {@code scale} turns them into the unit a table shows ({@code 1e-3} for seconds).
 */
public interface SectionContext {

    /** An extra column of the {@linkplain #cellTable table of every cell}: its heading and each row's text. */
    record Column(String heading, Function<BenchmarkResult, String> value) {}

    /** Every entry of the result file, of every benchmark. */
    List<BenchmarkResult> results();

    /** The JMH result file; records of the run lie beside it. */
    Path resultFile();

    /** The entries whose primary metric is a time measurement (see {@link ReportFrame#measuresTime}). */
    List<BenchmarkResult> timed(List<BenchmarkResult> entries);

    /** The time of a timed cell (the geometric mean of its forks' medians), in ms per operation. */
    double time(BenchmarkResult cell);

    /** The median of a secondary metric's samples (counts per operation, bytes per operation), in its unit. */
    double median(Metric metric);

    /**
     * The cell's time × {@code scale}, about four significant figures, with its marks: headline cell, a fork that
     * drifts, too few iterations per fork to check — e.g. {@code 13.17 ★}.
     */
    String figure(BenchmarkResult cell, double scale);

    /**
     * {@code numerator}'s time ÷ {@code denominator}'s with the ratio's 95 % confidence interval over forks, e.g.
     * {@code ×1.23 [1.20–1.26]}, or — when a side has too few forks for one — the range of fork-by-fork ratios, e.g.
     * {@code ×1.23 (range 1.18–1.29)}; marked when a side has a drifting fork.
     */
    String ratio(BenchmarkResult numerator, BenchmarkResult denominator);

    /** A cell's time ÷ a figure measured elsewhere (in ms per operation), with the cell's interval. */
    String ratioTo(BenchmarkResult cell, double millis);

    /** Whether the run's profile names this cell a headline cell (one its claims rest on). */
    boolean headline(BenchmarkResult cell);

    /**
     * Whether two cells were measured alike, so that their ratio compares like with like: with the same mode, and in
     * one interleaved order (whose forks share the host's time, so their iteration settings may differ: each fork's
     * figure is a time per operation), or in one JMH invocation of the profile with the same forks, iterations and
     * iteration times. A speed-up whose denominator is a 1-fork cell from another run is not one.
     */
    boolean measuredAlike(BenchmarkResult a, BenchmarkResult b);

    /**
     * A table of every cell, one row each: the columns that name the cell, then its time, its interval with the
     * interval's basis (a 95 % confidence interval over n forks, or the range of too few forks), the forks' spread, n
     * (forks), the per-fork steady-state check and, when the run recorded them, the conditions of its forks (load,
     * steal), then the extra columns (e.g. the ratio to the cell's ceiling).
     *
     * @param dims      the headings of the columns that name a cell, e.g. {@code size (kB)}, {@code strategy}
     * @param dimValues those columns' text for a row
     * @param scale     factor from ms per operation to {@code unit}
     * @param unit      the time unit shown, e.g. {@code ms}
     */
    String cellTable(
            List<BenchmarkResult> rows,
            List<String> dims,
            Function<BenchmarkResult, List<String>> dimValues,
            double scale,
            String unit,
            List<Column> extra);

    /**
     * Saves the chart as {@code fileName} (a PNG) in the report's folder and returns the Markdown that shows it.
     *
     * @param altText what the chart shows, for readers who cannot see it
     */
    String chart(JFreeChart chart, String fileName, String altText) throws IOException;

    /** The folder of published figures ({@code -Djmh.publishedDir}), when it exists. */
    Optional<Path> publishedDirectory();

    /** Whether the machine was a virtual machine or container, when the run recorded it. */
    Optional<Virtualization> virtualization();
}
