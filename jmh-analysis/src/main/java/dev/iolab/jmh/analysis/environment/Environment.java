package dev.iolab.jmh.analysis.environment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.reporting.host.HostFacts;
import dev.iolab.reporting.host.LoadAverage;
import dev.iolab.reporting.host.Virtualization;
import dev.iolab.reporting.section.ReportException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The machine a run happened on, recorded by {@code jmh:run} beside the JSON results (JMH's own file knows the JVM
 * but not the CPU, memory, kernel, file system or load). Text fields are empty when the source was unavailable.
 *
 * @param resultFile         file name of the JMH JSON this record describes
 * @param resultSha256       SHA-256 of that file, so a stale record is never attached to other results
 * @param profile            run profile ({@code quick}, {@code standard}, {@code full}) or empty for a plain run
 * @param jmhArgs            the JMH command lines run, one per invocation
 * @param started            ISO-8601 UTC start of the run
 * @param finished           ISO-8601 UTC end of the run
 * @param cpuModel           {@code model name} from {@code /proc/cpuinfo}
 * @param cpuCores           processors available to the JVM
 * @param memoryBytes        {@code MemTotal} from {@code /proc/meminfo}
 * @param os                 {@code os.name os.arch}
 * @param kernel             {@code os.version} (the kernel release on Linux, as {@code uname -r})
 * @param benchmarkDirectory where the benchmarks create their files (the forks' {@code java.io.tmpdir})
 * @param fileSystem         type and device of that directory's file store
 * @param loadAverageStart   {@code /proc/loadavg} 1/5/15-minute averages when the run started
 * @param loadAverageEnd     the same when it ended
 * @param coldCacheAvailable whether this process could write {@code /proc/sys/vm/drop_caches} (cold-cache runs)
 * @param java               the {@code java} that ran JMH
 * @param sourceRevision     the git revision of the project ({@code -dirty} appended when the tree was modified),
 *                           or empty outside git
 * @param sourceDirty        whether the source tree differed from that revision; {@code null} when unknown
 * @param changedFiles       the modified or untracked paths when dirty (see {@link SourceTree})
 * @param command            the Maven command line that ran ({@code ./mvnw} goals and {@code -D} properties)
 * @param virtualization     whether the machine is a virtual machine or container, and how that was found
 * @param headlineRuns       the JMH command lines of the profile's headline runs: their cells are headline cells
 * @param ownTolerance       selectors (JMH command lines) of the headline cells the profile holds to their own
 *                           tolerance, derived from their fork-to-fork spread, instead of ±5 %
 * @param interleaving       how the interleaved runs were executed: seed, order, each unit's conditions; null when
 *                           no run was interleaved
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Environment(
        String resultFile,
        String resultSha256,
        String profile,
        List<String> jmhArgs,
        String started,
        String finished,
        String cpuModel,
        int cpuCores,
        long memoryBytes,
        String os,
        String kernel,
        String benchmarkDirectory,
        String fileSystem,
        String loadAverageStart,
        String loadAverageEnd,
        boolean coldCacheAvailable,
        String java,
        String sourceRevision,
        Boolean sourceDirty,
        List<String> changedFiles,
        String command,
        Virtualization virtualization,
        List<String> headlineRuns,
        List<String> ownTolerance,
        Interleaving interleaving) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public Environment {
        jmhArgs = jmhArgs == null ? List.of() : List.copyOf(jmhArgs);
        changedFiles = changedFiles == null ? List.of() : List.copyOf(changedFiles);
        headlineRuns = headlineRuns == null ? List.of() : List.copyOf(headlineRuns);
        ownTolerance = ownTolerance == null ? List.of() : List.copyOf(ownTolerance);
        sourceRevision = sourceRevision == null ? "" : sourceRevision;
        command = command == null ? "" : command;
        // Records written before sourceDirty existed said "-dirty" in the revision.
        if (sourceDirty == null && sourceRevision.endsWith("-dirty")) {
            sourceDirty = true;
        }
    }

    /** Whether the figures were measured on a modified source tree. */
    public boolean dirty() {
        return Boolean.TRUE.equals(sourceDirty);
    }

    /** The record's file for a result file: {@code jmh-result.json} → {@code jmh-result-environment.json}. */
    public static Path fileFor(Path resultFile) {
        String name = resultFile.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return resultFile.resolveSibling(stem + "-environment.json");
    }

    /**
     * What can be learnt about this machine now, before a run.
     *
     * @param headlineRuns the profile's headline runs' command lines (see {@link #headlineRuns()})
     * @param ownTolerance the selectors of the cells with their own tolerance (see {@link #ownTolerance()})
     * @param source       the source tree's state (see {@link SourceTree#inspect})
     * @param command      the Maven command line
     */
    public static Environment collect(
            String profile,
            List<String> jmhArgs,
            List<String> headlineRuns,
            List<String> ownTolerance,
            String java,
            Path benchmarkDirectory,
            SourceTree source,
            String command) {
        HostFacts host = HostFacts.local();
        return new Environment(
                "",
                "",
                profile == null ? "" : profile,
                jmhArgs,
                Instant.now().toString(),
                "",
                host.cpuModel(),
                host.cpuCores(),
                host.memoryBytes(),
                host.os(),
                host.kernel(),
                benchmarkDirectory.toString(),
                HostFacts.fileSystem(benchmarkDirectory),
                loadAverage(host),
                "",
                host.dropCachesWritable(),
                java,
                source.revision(),
                source.dirty(),
                source.changed(),
                command,
                host.virtualization(),
                headlineRuns,
                ownTolerance,
                null);
    }

    /** This record with how its interleaved runs were executed. */
    public Environment withInterleaving(Interleaving interleaving) {
        return new Environment(
                resultFile,
                resultSha256,
                profile,
                jmhArgs,
                started,
                finished,
                cpuModel,
                cpuCores,
                memoryBytes,
                os,
                kernel,
                benchmarkDirectory,
                fileSystem,
                loadAverageStart,
                loadAverageEnd,
                coldCacheAvailable,
                java,
                sourceRevision,
                sourceDirty,
                changedFiles,
                command,
                virtualization,
                headlineRuns,
                ownTolerance,
                interleaving);
    }

    /** This record completed after the run: end time, load, and the result file it describes. */
    public Environment finish(Path resultFile) throws IOException {
        return new Environment(
                resultFile.getFileName().toString(),
                sha256(resultFile),
                profile,
                jmhArgs,
                started,
                Instant.now().toString(),
                cpuModel,
                cpuCores,
                memoryBytes,
                os,
                kernel,
                benchmarkDirectory,
                fileSystem,
                loadAverageStart,
                loadAverage(HostFacts.local()),
                coldCacheAvailable,
                java,
                sourceRevision,
                sourceDirty,
                changedFiles,
                command,
                virtualization,
                headlineRuns,
                ownTolerance,
                interleaving);
    }

    public void write(Path file) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(temp.toFile(), this);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The record written beside {@code resultFile}, if there is one and it describes exactly that file.
     *
     * @throws ReportException if the record exists but cannot be read
     */
    public static Optional<Environment> readFor(Path resultFile) throws ReportException {
        Path file = fileFor(resultFile);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Environment environment;
        try {
            environment = JSON.readValue(file.toFile(), Environment.class);
        } catch (IOException e) {
            throw new ReportException("Cannot read the environment record " + file + ": " + e.getMessage(), e);
        }
        try {
            if (!sha256(resultFile).equals(environment.resultSha256())) {
                return Optional.empty();
            }
        } catch (IOException e) {
            throw new ReportException("Cannot read JMH results from " + resultFile + ": " + e.getMessage(), e);
        }
        return Optional.of(environment);
    }

    public static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JDK has SHA-256", e);
        }
    }

    private static String loadAverage(HostFacts host) {
        return host.loadAverage().map(LoadAverage::text).orElse("");
    }

    /** Memory as {@code 23.4 GiB}. */
    public String memory() {
        return memoryBytes <= 0 ? "" : String.format(Locale.ROOT, "%.1f GiB", memoryBytes / (1024.0 * 1024 * 1024));
    }
}
