package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.environment.ForkConditions;
import dev.iolab.jmh.analysis.environment.Interleaving;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.reporting.chart.ChartStyle;
import dev.iolab.reporting.host.Virtualization;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.jmh.RunSettings;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportFrame;
import dev.iolab.reporting.section.SectionContext;
import dev.iolab.reporting.stats.Medians;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jfree.chart.JFreeChart;

/**
 * The report's side of {@link SectionContext}: the statistics of every cell (computed once, shared by every section),
 * which cells are headline cells, which run measured each cell, the conditions of each fork, where charts go, and what
 * the run recorded about the machine.
 */
final class ReportContext implements SectionContext {

    /** Size of every chart in the report, in pixels. */
    static final int CHART_WIDTH = 900;

    static final int CHART_HEIGHT = 540;

    private final Path resultFile;
    private final List<BenchmarkResult> results;
    private final Path chartDirectory;
    private final Path publishedDirectory;
    private final CellStatistics stats;
    private final ReportFrame frame;
    private final List<CellSelector> headline;
    private final List<CellSelector> runs;
    private final Set<Integer> interleavedRuns;
    private final ForkConditions conditions;
    private final Optional<Environment> environment;

    /**
     * @param chartDirectory     where charts are saved (the report's folder while it is written)
     * @param publishedDirectory the published figures' folder, or null
     */
    ReportContext(
            Path resultFile,
            List<BenchmarkResult> results,
            Path chartDirectory,
            Path publishedDirectory,
            CellStatistics stats,
            ReportFrame frame,
            Optional<Environment> environment) {
        this.resultFile = resultFile;
        this.results = List.copyOf(results);
        this.chartDirectory = chartDirectory;
        this.publishedDirectory = publishedDirectory;
        this.stats = stats;
        this.frame = frame;
        this.environment = environment;
        this.headline = environment.map(Environment::headlineRuns).orElse(List.of()).stream()
                .map(CellSelector::parse)
                .collect(Collectors.toList());
        List<String> commands = environment.map(Environment::jmhArgs).orElse(List.of());
        this.runs = commands.stream().map(CellSelector::parse).collect(Collectors.toList());
        List<String> interleaved = environment
                .map(Environment::interleaving)
                .map(Interleaving::runs)
                .orElse(List.of());
        this.interleavedRuns = new HashSet<>();
        for (int i = 0; i < commands.size(); i++) {
            if (interleaved.contains(commands.get(i))) {
                interleavedRuns.add(i);
            }
        }
        this.conditions = ForkConditions.of(environment);
    }

    CellStatistics stats() {
        return stats;
    }

    ReportFrame frame() {
        return frame;
    }

    Optional<Environment> environment() {
        return environment;
    }

    ForkConditions conditions() {
        return conditions;
    }

    boolean hasHeadline() {
        return !headline.isEmpty();
    }

    List<CellSelector> headlineSelectors() {
        return headline;
    }

    /** Whether the entry's time is a measurement: a time unit, and the project's frame does not rule it out. */
    boolean timed(BenchmarkResult entry) {
        return entry.timed() && frame.measuresTime(entry);
    }

    @Override
    public List<BenchmarkResult> results() {
        return results;
    }

    @Override
    public Path resultFile() {
        return resultFile;
    }

    @Override
    public List<BenchmarkResult> timed(List<BenchmarkResult> entries) {
        return entries.stream().filter(this::timed).collect(Collectors.toList());
    }

    @Override
    public double time(BenchmarkResult cell) {
        return stats.of(cell).value();
    }

    @Override
    public double median(Metric metric) {
        return Medians.of(metric.values());
    }

    @Override
    public String figure(BenchmarkResult cell, double scale) {
        return StatisticsFormat.time(stats.of(cell), scale, headline(cell));
    }

    @Override
    public String ratio(BenchmarkResult numerator, BenchmarkResult denominator) {
        return StatisticsFormat.ratio(stats.ratio(numerator, denominator));
    }

    @Override
    public String ratioTo(BenchmarkResult cell, double millis) {
        return StatisticsFormat.ratio(stats.ratioTo(cell, millis));
    }

    /** Whether the profile named this cell a headline cell (only timing runs produce headline cells). */
    @Override
    public boolean headline(BenchmarkResult cell) {
        return frame.measuresTime(cell) && headline.stream().anyMatch(s -> s.matches(cell.benchmark(), cell.params()));
    }

    @Override
    public boolean measuredAlike(BenchmarkResult a, BenchmarkResult b) {
        if (!a.mode().equals(b.mode())) {
            return false;
        }
        int ra = runOf(a);
        int rb = runOf(b);
        if (interleavedRuns.contains(ra) && interleavedRuns.contains(rb)) {
            // One interleaved order: both cells' forks spread over the same stretch of the host's time, and each fork's
            // figure is a time per operation, whatever the length of its iterations.
            return true;
        }
        if (!sameSettings(a.settings(), b.settings())) {
            return false;
        }
        if (ra < 0 && rb < 0) {
            // No recorded run measured either: only the settings JMH wrote can tell, forks among them.
            return a.settings().forks() == b.settings().forks();
        }
        if (ra < 0 || rb < 0) {
            return false;
        }
        return ra == rb || (interleavedRuns.contains(ra) && interleavedRuns.contains(rb));
    }

    /**
     * The index of the profile run that measured this cell: of the runs whose command line selects it, the one that
     * names most of its parameters (a run that leaves a parameter at its default selects the cells of a run that
     * sets it too); −1 when none does.
     */
    int runOf(BenchmarkResult cell) {
        int best = -1;
        for (int i = 0; i < runs.size(); i++) {
            CellSelector run = runs.get(i);
            if (run.matches(cell.benchmark(), cell.params())
                    && (best < 0
                            || run.params().size() > runs.get(best).params().size())) {
                best = i;
            }
        }
        return best;
    }

    /** The same iterations in every fork: what makes two cells' forks measured alike, whatever their number. */
    private static boolean sameSettings(RunSettings a, RunSettings b) {
        return a.threads() == b.threads()
                && a.warmupIterations() == b.warmupIterations()
                && a.warmupTime().equals(b.warmupTime())
                && a.measurementIterations() == b.measurementIterations()
                && a.measurementTime().equals(b.measurementTime())
                && a.jvmArgs().equals(b.jvmArgs());
    }

    @Override
    public String cellTable(
            List<BenchmarkResult> rows,
            List<String> dims,
            Function<BenchmarkResult, List<String>> dimValues,
            double scale,
            String unit,
            List<Column> extra) {
        boolean withConditions =
                rows.stream().anyMatch(r -> !conditions.of(r.cellKey()).isEmpty());
        List<String> header = new ArrayList<>(dims);
        header.addAll(List.of("time (" + unit + ")", "interval (basis)", "fork spread", "n (forks)", "steady state"));
        if (withConditions) {
            header.add("forks' conditions");
        }
        extra.forEach(c -> header.add(c.heading()));
        MarkdownTable table = new MarkdownTable(header, dims.size());
        for (BenchmarkResult r : rows) {
            CellStatistics.Cell cell = stats.of(r);
            List<String> line = new ArrayList<>(dimValues.apply(r));
            line.add(StatisticsFormat.time(cell, scale, headline(r)));
            line.add(StatisticsFormat.intervalWithBasis(cell.estimate().scaled(scale)));
            line.add(StatisticsFormat.spread(cell));
            line.add(cell.n() + " (" + cell.forkCount() + ")");
            line.add(cell.steady().describe());
            if (withConditions) {
                line.add(conditions.summary(r.cellKey()));
            }
            extra.forEach(c -> line.add(c.value().apply(r)));
            table.row(line);
        }
        return table.render();
    }

    @Override
    public String chart(JFreeChart chart, String fileName, String altText) throws IOException {
        ChartStyle.savePng(chart, chartDirectory.resolve(fileName), CHART_WIDTH, CHART_HEIGHT);
        return "![" + altText + "](" + fileName + ")\n";
    }

    @Override
    public Optional<Path> publishedDirectory() {
        return Optional.ofNullable(publishedDirectory).filter(Files::isDirectory);
    }

    @Override
    public Optional<Virtualization> virtualization() {
        return environment.map(Environment::virtualization);
    }
}
