package dev.iolab.jmh.plugin.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A table of figures published by an original experiment, kept as CSV under {@code bench/published/}: leading
 * {@code #} lines name the source, then a header row and the rows. These figures are shown beside ours, never mixed in.
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

    /**
     * Our parameter values that reproduce a published row's conditions (columns {@code bound}, {@code sync},
     * {@code source_cache}, {@code cache_state}): a disk-bound copy needs {@code sync=FSYNC, sourceCache=COLD}, a
     * disk-bound walk {@code cache=COLD}; otherwise the row's own sync and source cache (none/warm when unknown).
     *
     * @param walk whether the row is a directory walk's (cache state) rather than a copy's
     */
    public static Map<String, String> likeConditions(Map<String, String> row, boolean walk) {
        String bound = row.getOrDefault("bound", "unknown");
        if (walk) {
            boolean cold = "cold".equals(row.get("cache_state")) || "disk".equals(bound);
            return Map.of("cache", cold ? "COLD" : "WARM");
        }
        if ("disk".equals(bound)) {
            return Map.of("sync", "FSYNC", "sourceCache", "COLD");
        }
        return Map.of(
                "sync", "fsync".equals(row.get("sync")) ? "FSYNC" : "NONE",
                "sourceCache", "cold".equals(row.get("source_cache")) ? "COLD" : "WARM");
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

    /** {@code sync=FSYNC, sourceCache=COLD}. */
    public static String describe(Map<String, String> conditions) {
        return new java.util.TreeMap<>(conditions)
                .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    private static final List<String> DEFAULTS = List.of("NONE", "WARM");

    /** A cell as a number. */
    public static double number(Map<String, String> row, String column) {
        return Double.parseDouble(row.get(column));
    }
}
