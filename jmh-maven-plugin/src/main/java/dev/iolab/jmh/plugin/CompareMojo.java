package dev.iolab.jmh.plugin;

import dev.iolab.jmh.plugin.compare.Comparison;
import dev.iolab.jmh.plugin.compare.ComparisonTable;
import dev.iolab.jmh.plugin.profile.CellSelector;
import dev.iolab.jmh.plugin.profile.Profile;
import dev.iolab.jmh.plugin.report.BenchmarkResult;
import dev.iolab.jmh.plugin.report.CellStatistics;
import dev.iolab.jmh.plugin.report.Environment;
import dev.iolab.jmh.plugin.report.JmhResultReader;
import dev.iolab.jmh.plugin.report.ReportException;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code jmh:compare}: two JMH result files, cell by cell: the ratio of median times (this run ÷ the baseline) with
 * its 95 % bootstrap interval and a verdict (faster, slower, same within noise), and whether the headline cells
 * agree within ±5 %, naming each that does not and why. Markdown on standard output and in a file.
 *
 * <pre>./mvnw -pl bench jmh:compare -Djmh.baseline=A.json -Djmh.resultFile=B.json [-Djmh.compareFile=out.md]</pre>
 *
 * The headline cells are those of the profile recorded in B's (else A's) environment record, or of
 * {@code -Djmh.profile}; without any, every cell is checked against ±5 %.
 */
@Mojo(name = "compare", threadSafe = true)
public class CompareMojo extends AbstractMojo {

    /** The baseline: the JMH result file to compare with ("A"). */
    @Parameter(property = "jmh.baseline")
    private File baseline;

    /** The run to compare ("B"): by default the file {@code jmh:run} writes. */
    @Parameter(property = "jmh.resultFile", defaultValue = "${project.build.directory}/jmh-result.json")
    private File resultFile;

    /** Where the Markdown comparison is written as well. */
    @Parameter(property = "jmh.compareFile", defaultValue = "${project.build.directory}/jmh-compare.md")
    private File compareFile;

    /** A profile whose headline cells to check, when neither result file's environment record names them. */
    @Parameter(property = "jmh.profile")
    private String profile;

    @Parameter(defaultValue = "${project.basedir}", readonly = true)
    private File basedir;

    /** Where the Markdown goes besides the file (standard output). */
    PrintStream out = System.out;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (baseline == null) {
            throw new MojoFailureException("jmh:compare needs -Djmh.baseline=<the JMH result file to compare with>;"
                    + " -Djmh.resultFile names the other (default target/jmh-result.json).");
        }
        try {
            List<BenchmarkResult> a = JmhResultReader.read(baseline.toPath());
            List<BenchmarkResult> b = JmhResultReader.read(resultFile.toPath());
            List<String> headlineRuns = headlineRuns();
            List<CellSelector> selectors =
                    headlineRuns.stream().map(CellSelector::parse).collect(Collectors.toList());
            Predicate<BenchmarkResult> headline = selectors.isEmpty()
                    ? r -> true
                    : r -> selectors.stream().anyMatch(s -> s.matches(r.benchmark(), r.params()));
            CellStatistics stats = new CellStatistics();
            Comparison.Result result = Comparison.compare(a, b, headline, stats);
            String markdown = ComparisonTable.markdown(
                    result, baseline.getName(), resultFile.getName(), !selectors.isEmpty(), 1, stats);
            Path file = compareFile.toPath().toAbsolutePath();
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(temp, markdown, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            out.println(markdown);
            out.flush();
            getLog().info(String.format(
                    "Comparison: %d cells, %d headline, %d headline cells outside ±5 %%; written to %s",
                    result.rows().size(),
                    result.headline().size(),
                    result.disagreeing().size(),
                    file));
        } catch (ReportException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + compareFile + ": " + e.getMessage(), e);
        }
    }

    private List<String> headlineRuns() throws ReportException, IOException {
        for (File file : List.of(resultFile, baseline)) {
            Optional<Environment> environment = Environment.readFor(file.toPath());
            if (environment.isPresent() && !environment.get().headlineRuns().isEmpty()) {
                return environment.get().headlineRuns();
            }
        }
        if (profile != null && !profile.isBlank()) {
            return Profile.load(profile.trim(), basedir == null ? Path.of(".") : basedir.toPath())
                    .headlineRuns();
        }
        return List.of();
    }
}
