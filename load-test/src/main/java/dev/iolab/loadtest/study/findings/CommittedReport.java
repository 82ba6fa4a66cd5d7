package dev.iolab.loadtest.study.findings;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of a committed study report whose run's {@code study.json} was not kept: the cells and ceilings from
 * the report's CSV (any of the columns the study has written over time), the rest — machine, date, heap, the pairs'
 * medians and ranges, the soak — from the report's own Markdown, where those figures were only ever written.
 */
public final class CommittedReport {

    private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([mMgG])");
    private static final Pattern SPREAD = Pattern.compile("([0-9.]+) \\(([0-9.]+)–([0-9.]+)\\)");
    private static final Pattern LOAD = Pattern.compile("(\\d+) MB × (\\d+)");
    private static final Pattern MIB = Pattern.compile("([0-9.]+) MiB");

    private CommittedReport() {}

    /**
     * Reads a report and its CSV (null for a report without one, the soak's).
     *
     * @throws IllegalArgumentException when the report lacks what every study report has (its Run and Machine rows)
     */
    public static StudyFigures read(String markdown, String csv) throws IOException {
        List<String> lines = markdown.lines().toList();
        String run = keyValue(lines, "Run").orElseThrow(() -> new IllegalArgumentException("no Run row"));
        String machine = keyValue(lines, "Machine").orElseThrow(() -> new IllegalArgumentException("no Machine row"));
        Double heap =
                keyValue(lines, "Service").flatMap(CommittedReport::heapMib).orElse(null);
        List<StudyFigures.Cell> cells = new ArrayList<>();
        List<StudyFigures.Ceiling> ceilings = new ArrayList<>();
        if (csv != null) {
            for (Map<String, String> row : rows(csv)) {
                String name = row.containsKey("row") ? row.get("row") : row.get("strategy");
                if (row.get("budget").isEmpty()) {
                    ceilings.add(ceiling(name, row));
                } else {
                    cells.add(cell(name, row));
                }
            }
        }
        return new StudyFigures(
                run.substring(0, Math.min(10, run.length())),
                machine,
                heap,
                cells,
                ceilings,
                pairs(lines),
                soak(lines),
                Headings.sections(lines));
    }

    private static List<Map<String, String>> rows(String csv) throws IOException {
        CsvMapper mapper = new CsvMapper();
        try (MappingIterator<Map<String, String>> it = mapper.readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader())
                .readValues(csv)) {
            return it.readAll();
        }
    }

    private static StudyFigures.Ceiling ceiling(String name, Map<String, String> row) {
        return new StudyFigures.Ceiling(
                name,
                Integer.parseInt(row.get("fileSizeMb")),
                Integer.parseInt(row.get("users")),
                Double.parseDouble(row.get("burstSeconds")),
                number(row, "timeRatioToStorage"));
    }

    private static StudyFigures.Cell cell(String name, Map<String, String> row) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (String ceiling : UploadFindings.CEILINGS) {
            Double r = number(row, "timeRatioTo" + Character.toUpperCase(ceiling.charAt(0)) + ceiling.substring(1));
            if (r != null) {
                ratios.put(ceiling, r);
            }
        }
        return new StudyFigures.Cell(
                row.get("budget").equals("on"),
                name,
                Integer.parseInt(row.get("fileSizeMb")),
                Integer.parseInt(row.get("users")),
                Integer.parseInt(row.get("accepted")),
                Integer.parseInt(row.get("refused")),
                counts(row.get("refusedBy")),
                Integer.parseInt(row.get("failed")),
                counts(row.get("failedBy")),
                !Boolean.parseBoolean(row.get("serviceUp")) || Integer.parseInt(row.get("oomErrors")) > 0,
                number(row, "peakHeapMiB"),
                ratios);
    }

    /** {@code queue-full=57;memory-budget=3} as a map, in its order. */
    static Map<String, Integer> counts(String joined) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        if (joined == null || joined.isBlank()) {
            return counts;
        }
        for (String part : joined.split(";")) {
            int eq = part.lastIndexOf('=');
            counts.put(part.substring(0, eq), Integer.parseInt(part.substring(eq + 1)));
        }
        return counts;
    }

    private static Double number(Map<String, String> row, String column) {
        String v = row.get(column);
        return v == null || v.isBlank() ? null : Double.valueOf(v);
    }

    static Optional<Double> heapMib(String service) {
        Matcher m = XMX.matcher(service);
        if (!m.find()) {
            return Optional.empty();
        }
        double v = Double.parseDouble(m.group(1));
        return Optional.of(m.group(2).equalsIgnoreCase("g") ? v * 1024 : v);
    }

    /** The value of a key-value table row {@code | key | value |}. */
    static Optional<String> keyValue(List<String> lines, String key) {
        String prefix = "| " + key + " | ";
        return lines.stream()
                .filter(l -> l.startsWith(prefix) && l.endsWith(" |"))
                .findFirst()
                .map(l -> l.substring(prefix.length(), l.length() - 2));
    }

    /** The rows of the "In pairs" table: row, load, partner, pairs, time ÷ partner as median (lowest–highest). */
    private static List<StudyFigures.Pairs> pairs(List<String> lines) {
        List<StudyFigures.Pairs> pairs = new ArrayList<>();
        for (List<String> row : table(lines, "## In pairs")) {
            Matcher load = LOAD.matcher(row.get(1));
            Matcher spread = SPREAD.matcher(row.get(4));
            if (!load.matches()) {
                continue;
            }
            int count = Integer.parseInt(row.get(3));
            Spread ratio = spread.matches()
                    ? new Spread(
                            Double.parseDouble(spread.group(1)),
                            Double.parseDouble(spread.group(2)),
                            Double.parseDouble(spread.group(3)),
                            count)
                    : Spread.one(Double.parseDouble(row.get(4)));
            pairs.add(new StudyFigures.Pairs(
                    row.get(0), Integer.parseInt(load.group(1)), Integer.parseInt(load.group(2)), row.get(2), ratio));
        }
        return pairs;
    }

    /** The soak's figures from its section's key-value table; null without a soak. */
    private static StudyFigures.Soak soak(List<String> lines) {
        int at = Headings.find(lines, "## Soak: ");
        if (at < 0) {
            return null;
        }
        List<String> part = lines.subList(at, lines.size());
        int uploads =
                Integer.parseInt(lines.get(at).substring("## Soak: ".length()).split(" ")[0]);
        String outcomes = keyValue(part, "Outcomes").orElseThrow();
        Matcher accepted = Pattern.compile("^(\\d+) accepted").matcher(outcomes);
        Matcher failed = Pattern.compile("(\\d+) failed").matcher(outcomes);
        if (!accepted.find() || !failed.find()) {
            throw new IllegalArgumentException("the soak's Outcomes row has no counts: " + outcomes);
        }
        String after = keyValue(part, "After − before").orElseThrow();
        Matcher tolerance = Pattern.compile("(\\d+) MiB( above)?\\)").matcher(after);
        Matcher change = Pattern.compile("^([+-][0-9.]+) MiB").matcher(after);
        if (!tolerance.find() || !change.find()) {
            throw new IllegalArgumentException("the soak's After − before row has no tolerance: " + after);
        }
        return new StudyFigures.Soak(
                uploads,
                Integer.parseInt(accepted.group(1)),
                Integer.parseInt(failed.group(1)),
                !keyValue(part, "Service").orElseThrow().equals("up"),
                mib(keyValue(part, "Live heap before (idle, after GC)").orElseThrow()),
                mib(keyValue(part, "Live heap after (idle, after GC)").orElseThrow()),
                Double.parseDouble(change.group(1)),
                Double.parseDouble(tolerance.group(1)));
    }

    private static double mib(String value) {
        Matcher m = MIB.matcher(value);
        if (!m.find()) {
            throw new IllegalArgumentException("no MiB figure in " + value);
        }
        return Double.parseDouble(m.group(1));
    }

    /** The cells of the first table after the heading starting with {@code prefix}, header and rule left out. */
    private static List<List<String>> table(List<String> lines, String prefix) {
        int at = Headings.find(lines, prefix);
        List<List<String>> rows = new ArrayList<>();
        if (at < 0) {
            return rows;
        }
        int i = at + 1;
        while (i < lines.size() && !lines.get(i).startsWith("|")) {
            i++;
        }
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String row = lines.get(i);
            rows.add(List.of(row.substring(1, row.length() - 1).split("\\|", -1)).stream()
                    .map(String::strip)
                    .toList());
        }
        return rows;
    }
}
