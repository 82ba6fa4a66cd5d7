package dev.iolab.reporting.section;

import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One part of a project's JMH report: what an experiment's results show (tables, charts, ratios to its ceilings,
 * published figures beside them). The benchmarks' project lists its sections in
 * {@code META-INF/services/dev.iolab.reporting.section.ReportSection}; {@code jmh:report} finds them on the
 * project's classpath with {@link java.util.ServiceLoader} and writes them in that file's order, between the
 * report's generic head (environment, headline cells, steady state) and its generic tail (a table of every other
 * benchmark, the comparison with a baseline). A project without sections gets the generic report alone.
 *
 * <p>A section names its benchmark with the compiler's help ({@code CopyBenchmark.class.getName() + ".copy"}) and its
 * parameter values with enum constants ({@code CopyStrategy.NATIVE_8K.name()}), so that renaming a benchmark breaks
 * the build, not the report. Implementations need a public no-argument constructor.
 */
public interface ReportSection {

    /** The heading, e.g. {@code 1. Buffered vs unbuffered copy (`CopyBenchmark`)}. */
    String title();

    /**
     * The fully-qualified benchmark method whose results this section presents, e.g.
     * {@code com.example.CopyBenchmark.copy}; when the result file has none of them, the report says so under the
     * title with {@link #howToRun()}. Empty for a section about the run as a whole (e.g. tools timed beside it): it
     * is always written, and given every result.
     */
    Optional<String> benchmark();

    /** The command that produces this section's results, shown when the result file has none. */
    default String howToRun() {
        return "";
    }

    /**
     * Writes the section's body (the report writes the title) as Markdown.
     *
     * @param results the results of {@link #benchmark()} (at least one), or every result for a section about the run
     * @throws ReportException for input the section cannot use (the message names the file)
     */
    void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out)
            throws IOException, ReportException;

    /**
     * What this section concludes from its results, as ratios between cells of the run: the report opens with them.
     * The section words them in a Mustache template kept as a resource beside its class, named
     * {@code <SimpleClassName>-findings.mustache}, which sees each finding by its {@link Finding#id() id} (absent when
     * the run lacks its cells). Within a finding: {@code anchor}, {@code facts.<name>} and, for each claim by name,
     * {@code value} ({@code ×1.23}), {@code interval} ({@code [×1.10–×1.38]} or empty), {@code slower},
     * {@code faster} and {@code level} (the interval above, below or around 1), {@code inverse} (the ratio turned
     * over: {@code ×0.81}) and {@code mark} (⚠ for a drifting fork). By default a section concludes nothing.
     *
     * @param results the results of {@link #benchmark()} (at least one), or every result for a section about the run
     */
    default List<Finding> findings(List<BenchmarkResult> results, SectionContext context) throws IOException {
        return List.of();
    }

    /**
     * The records beside the result file that this section reads (e.g. {@code jmh-result-native-tools.json}): the
     * report copies those that exist into its folder, so that the folder stands on its own.
     */
    default List<Path> recordsFor(Path resultFile) {
        return List.of();
    }

    /**
     * Measures what this section sets beside the JMH figures, after the JMH runs, and writes it to
     * {@link #recordsFor} — e.g. this machine's own tools timed on the work the benchmarks did. {@code jmh:run} calls
     * it after a profile (and with {@code -Djmh.nativeTools=true}), {@code jmh:report} with
     * {@code -Djmh.nativeTools=true}. By default a section measures nothing.
     *
     * @param results    every result of the run
     * @param resultFile the run's JMH result file; the records go beside it
     * @param scratch    where the benchmarks created their files (for work files; delete them afterwards)
     * @param progress   prints a line on the console while the measurement goes on
     * @return what could not be measured and why, one line each, for the console
     * @throws IOException if the records cannot be written
     */
    default List<String> measureAfterRuns(
            List<BenchmarkResult> results, Path resultFile, Path scratch, Consumer<String> progress)
            throws IOException {
        return List.of();
    }
}
