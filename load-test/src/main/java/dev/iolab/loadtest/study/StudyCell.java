package dev.iolab.loadtest.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * One cell of the study (strategy × file size × users × budget), read from the directory the study script wrote:
 * {@code cell.properties} (what ran, how it ended), {@code outcomes.json} (the simulation's tally; absent if Gatling
 * crashed) and {@code samples.csv} (the service's memory sampled during the run).
 *
 * @param refusedBy refusals by problem type, shortened to the last path segment ({@code queue-full}, {@code memory-budget})
 * @param peakHeapBytes    highest {@code sum(jvm_memory_used_bytes{area="heap"})} seen; NaN without samples
 * @param peakDirectBytes  highest {@code jvm_buffer_memory_used_bytes{id="direct"}} seen
 * @param peakRssBytes     highest resident set size of the service process ({@code /proc/<pid>/status VmRSS})
 */
record StudyCell(
        String strategy,
        int fileSizeMb,
        int users,
        boolean budget,
        int gatlingExit,
        boolean serviceUp,
        int oomErrors,
        String report,
        boolean hasOutcomes,
        int accepted,
        int refused,
        int failed,
        Map<String, Integer> refusedBy,
        Map<String, Integer> failedBy,
        double meanSeconds,
        double minSeconds,
        double maxSeconds,
        double p95Seconds,
        double throughputMibPerSecond,
        double peakHeapBytes,
        double peakDirectBytes,
        double peakRssBytes,
        int samples) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static StudyCell read(Path dir) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve("cell.properties"), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        String strategy = required(p, "strategy", dir);
        int size = Integer.parseInt(required(p, "fileSizeMb", dir));
        int users = Integer.parseInt(required(p, "users", dir));
        boolean budget = Boolean.parseBoolean(required(p, "budget", dir));
        int exit = Integer.parseInt(p.getProperty("gatlingExit", "-1"));
        boolean up = Boolean.parseBoolean(p.getProperty("serviceUp", "false"));
        int oom = Integer.parseInt(p.getProperty("oomErrors", "0"));
        String report = p.getProperty("report", "");

        Path outcomes = dir.resolve("outcomes.json");
        boolean has = Files.isRegularFile(outcomes);
        JsonNode o = has ? JSON.readTree(outcomes.toFile()) : JSON.createObjectNode();

        double heap = Double.NaN;
        double direct = Double.NaN;
        double rss = Double.NaN;
        int samples = 0;
        Path csv = dir.resolve("samples.csv");
        if (Files.isRegularFile(csv)) {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.split(",");
                if (f.length < 4) {
                    continue;
                }
                heap = max(heap, f[1]);
                direct = max(direct, f[2]);
                rss = max(rss, f[3]);
                samples++;
            }
        }
        return new StudyCell(
                strategy,
                size,
                users,
                budget,
                exit,
                up,
                oom,
                report,
                has,
                o.path("accepted").asInt(0),
                o.path("refused").asInt(0),
                has ? o.path("failed").asInt(0) : users,
                shortKeys(o.path("refusedBy")),
                has ? shortKeys(o.path("failedBy")) : Map.of("Gatling crashed", users),
                number(o, "meanSeconds"),
                number(o, "minSeconds"),
                number(o, "maxSeconds"),
                number(o, "p95Seconds"),
                number(o, "throughputMibPerSecond"),
                heap,
                direct,
                rss,
                samples);
    }

    /** "10 MB × 200" — the label of the cell's size and users. */
    String load() {
        return String.format(Locale.ROOT, "%d MB × %d", fileSizeMb, users);
    }

    /** The assertions of the simulation passed (exit code 0). */
    boolean assertionsPassed() {
        return gatlingExit == 0;
    }

    private static double max(double current, String field) {
        try {
            double v = Double.parseDouble(field.strip());
            return Double.isNaN(current) ? v : Math.max(current, v);
        } catch (NumberFormatException e) {
            return current;
        }
    }

    private static double number(JsonNode o, String name) {
        JsonNode n = o.path(name);
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    private static Map<String, Integer> shortKeys(JsonNode map) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = map.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            int slash = key.lastIndexOf('/');
            out.merge(
                    slash >= 0 && slash < key.length() - 1 ? key.substring(slash + 1) : key,
                    e.getValue().asInt(),
                    Integer::sum);
        }
        return out;
    }

    private static String required(Properties p, String key, Path dir) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(dir.resolve("cell.properties") + " lacks " + key);
        }
        return v.strip();
    }
}
