package dev.iolab.bench.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.iolab.bench.support.SourceCache;
import dev.iolab.bench.support.SyncMode;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A table of figures published by an original experiment, kept as CSV under {@code bench/published/}: leading
 * {@code #} lines name the source, then a header row and the rows. These figures are shown beside ours, never mixed in,
 * and only beside our cells measured in like conditions (columns {@code bound}, {@code sync}, {@code source_cache}).
 *
 * @param file   the CSV file's name
 * @param source the {@code #} comment lines, without the {@code #}
 * @param rows   column name → cell text, in file order
 */
public record PublishedTable(String file, List<String> source, List<Map<String, String>> rows) {

    private static final CsvMapper CSV = CsvMapper.builder()
            .enable(CsvParser.Feature.ALLOW_COMMENTS)
            .enable(CsvParser.Feature.TRIM_SPACES)
            .build();

    public PublishedTable {
        source = List.copyOf(source);
        rows = List.copyOf(rows);
    }

    /** The table {@code name} in the report's published figures' folder (see {@link #load(Path, String, String...)}). */
    public static Optional<PublishedTable> load(SectionContext context, String name, String... requiredColumns)
            throws ReportException {
        return load(context.publishedDirectory().orElse(null), name, requiredColumns);
    }

    /**
     * Reads {@code directory/name}; empty when the directory or the file does not exist (a foreign project).
     *
     * @throws ReportException when the file exists but is not a table with the expected columns
     */
    public static Optional<PublishedTable> load(Path directory, String name, String... requiredColumns)
            throws ReportException {
        if (directory == null) {
            return Optional.empty();
        }
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            List<String> source = Files.readAllLines(file).stream()
                    .filter(line -> line.startsWith("#"))
                    .map(line -> line.substring(1).trim())
                    .collect(Collectors.toList());
            List<Map<String, String>> rows = new ArrayList<>();
            try (MappingIterator<Map<String, String>> it = CSV.readerForMapOf(String.class)
                    .with(CsvSchema.emptySchema().withHeader())
                    .readValues(file.toFile())) {
                while (it.hasNextValue()) {
                    rows.add(it.nextValue());
                }
            }
            for (Map<String, String> row : rows) {
                for (String column : requiredColumns) {
                    String value = row.get(column);
                    if (value == null || value.isBlank()) {
                        throw new ReportException(
                                "Published figures " + file + " lack column \"" + column + "\" in row " + row);
                    }
                }
            }
            return Optional.of(new PublishedTable(file.getFileName().toString(), source, rows));
        } catch (IOException | RuntimeException e) {
            throw new ReportException("Cannot read published figures " + file + ": " + e.getMessage(), e);
        }
    }

    /** The parameters that set a copy's conditions, as the copy benchmarks name them. */
    public static final String SYNC = "sync";

    public static final String SOURCE_CACHE = "sourceCache";

    /**
     * Our parameter values that reproduce a published copy's conditions: a disk-bound copy ({@code bound=disk}) needs
     * {@code sync=FSYNC, sourceCache=COLD}; otherwise the row's own sync and source cache (none and warm when
     * unknown).
     */
    public static Map<String, String> likeConditions(Map<String, String> row) {
        String bound = row.getOrDefault("bound", "unknown");
        if ("disk".equals(bound)) {
            return Map.of(SYNC, SyncMode.FSYNC.name(), SOURCE_CACHE, SourceCache.COLD.name());
        }
        return Map.of(
                SYNC, "fsync".equals(row.get("sync")) ? SyncMode.FSYNC.name() : SyncMode.NONE.name(),
                SOURCE_CACHE,
                        "cold".equals(row.get("source_cache")) ? SourceCache.COLD.name() : SourceCache.WARM.name());
    }

    /**
     * Whether our row ran in these conditions. A row without the parameter (results from before it existed) ran in
     * its default, {@code NONE} / {@code WARM}.
     */
    public static boolean inConditions(BenchmarkResult ours, Map<String, String> conditions) {
        for (Map.Entry<String, String> c : conditions.entrySet()) {
            String value = ours.param(c.getKey());
            if (value == null ? !DEFAULTS.contains(c.getValue()) : !value.equals(c.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** A published row and our cell that stands beside it. */
    public record Match(Map<String, String> row, BenchmarkResult ours) {}

    /**
     * The published rows with our cells beside them.
     *
     * @param found     each row that has our cell in like conditions ({@link #likeConditions}), with that cell
     * @param elsewhere the rows whose cells ran only in other conditions, named by their values
     */
    public record Matches(List<Match> found, List<String> elsewhere) {}

    /**
     * Our cell for each published row: the first of {@code results} whose parameter {@code params.get(i)} has the row's
     * value of {@code columns.get(i)}, in the row's like conditions.
     *
     * @param separator between a row's values where {@link Matches#elsewhere()} names it ({@code " kB "} gives
     *     {@code 64 kB UNBUFFERED})
     */
    public Matches matches(List<BenchmarkResult> results, List<String> columns, List<String> params, String separator) {
        List<Match> found = new ArrayList<>();
        List<String> elsewhere = new ArrayList<>();
        for (Map<String, String> row : rows) {
            List<BenchmarkResult> same = results.stream()
                    .filter(r -> sameCell(r, row, columns, params))
                    .toList();
            Map<String, String> like = likeConditions(row);
            Optional<BenchmarkResult> ours =
                    same.stream().filter(r -> inConditions(r, like)).findFirst();
            if (ours.isPresent()) {
                found.add(new Match(row, ours.get()));
            } else if (!same.isEmpty()) {
                elsewhere.add(columns.stream().map(row::get).collect(Collectors.joining(separator)));
            }
        }
        return new Matches(found, elsewhere);
    }

    private static boolean sameCell(
            BenchmarkResult result, Map<String, String> row, List<String> columns, List<String> params) {
        for (int i = 0; i < columns.size(); i++) {
            if (!row.get(columns.get(i)).equals(result.param(params.get(i)))) {
                return false;
            }
        }
        return true;
    }

    /** {@code sourceCache=COLD, sync=FSYNC}. */
    public static String describe(Map<String, String> conditions) {
        return new TreeMap<>(conditions)
                .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The conditions a published row names: {@code bound calls, sync none, source cache warm, <hardware>}. */
    public static String theirs(Map<String, String> row) {
        List<String> parts = new ArrayList<>();
        for (String column : List.of("bound", "sync", "source_cache", "cache_state")) {
            String value = row.get(column);
            if (value != null && !value.isBlank()) {
                parts.add(column.replace('_', ' ') + " " + value);
            }
        }
        String hardware = row.get("hardware");
        if (hardware != null && !hardware.isBlank()) {
            parts.add(hardware);
        }
        return String.join(", ", parts);
    }

    /** A note naming the published file and its source, for under a table that sets its figures beside ours. */
    public String sourceNote() {
        return "*Published figures: `bench/published/" + file + "` — " + String.join(" ", source) + "*\n";
    }

    private static final List<String> DEFAULTS = List.of(SyncMode.NONE.name(), SourceCache.WARM.name());

    /** A cell as a number. */
    public static double number(Map<String, String> row, String column) {
        return Double.parseDouble(row.get(column));
    }
}
