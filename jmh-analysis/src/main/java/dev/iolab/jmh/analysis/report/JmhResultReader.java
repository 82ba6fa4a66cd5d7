package dev.iolab.jmh.analysis.report;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.jmh.RunSettings;
import dev.iolab.reporting.section.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON result file ({@code -rf json}) into {@link BenchmarkResult}s. Any JMH 1.x file works, not only
 * ours. Every problem becomes a {@link ReportException} whose message names the file and, where it can, the place.
 */
public final class JmhResultReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhResultReader() {}

    public static List<BenchmarkResult> read(Path file) throws ReportException {
        JsonNode root;
        try (var reader = Files.newBufferedReader(file)) {
            root = JSON.readTree(reader);
        } catch (NoSuchFileException e) {
            throw new ReportException("No JMH results at " + file
                    + " (run jmh:run first, or name a JMH JSON file with -Djmh.resultFile=...)");
        } catch (JsonEOFException e) {
            throw new ReportException("JMH results in " + file + " end early " + where(e.getLocation())
                    + ": the file is truncated (was JMH interrupted while writing it?)");
        } catch (JsonProcessingException e) {
            throw new ReportException("JMH results in " + file + " are not valid JSON " + where(e.getLocation()) + ": "
                    + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ReportException("Cannot read JMH results from " + file + ": " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new ReportException("JMH results file " + file + " is empty");
        }
        if (!root.isArray()) {
            throw new ReportException(
                    "JMH results in " + file + " must be a JSON array of benchmark runs (JMH's -rf json)" + ", found "
                            + root.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        if (root.isEmpty()) {
            throw new ReportException("JMH results file " + file + " holds no benchmark runs (empty array)");
        }
        List<BenchmarkResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(entry(file, i, root.get(i)));
        }
        return results;
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return "(line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    private static BenchmarkResult entry(Path file, int index, JsonNode node) throws ReportException {
        String at = "entry " + (index + 1) + " of " + file;
        if (!node.isObject()) {
            throw new ReportException("JMH results " + at + " is not an object");
        }
        String benchmark = requiredText(node, "benchmark", at);
        at = "entry " + (index + 1) + " (" + benchmark + ") of " + file;
        String mode = requiredText(node, "mode", at);
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode paramsNode = node.path("params");
        if (paramsNode.isObject()) {
            for (Map.Entry<String, JsonNode> p : paramsNode.properties()) {
                params.put(p.getKey(), p.getValue().asText());
            }
        }
        JsonNode primaryNode = node.get("primaryMetric");
        if (primaryNode == null || !primaryNode.isObject()) {
            throw new ReportException("JMH results " + at + " has no primaryMetric (partial or not JMH output?)");
        }
        Metric primary = metric(primaryNode, at + ", primaryMetric");
        Map<String, Metric> secondary = new LinkedHashMap<>();
        JsonNode secondaryNode = node.path("secondaryMetrics");
        if (secondaryNode.isObject()) {
            for (Map.Entry<String, JsonNode> s : secondaryNode.properties()) {
                secondary.put(s.getKey(), metric(s.getValue(), at + ", secondary metric " + s.getKey()));
            }
        }
        List<String> jvmArgs = new ArrayList<>();
        node.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
        RunSettings settings = new RunSettings(
                text(node, "jmhVersion"),
                text(node, "jvm"),
                text(node, "jdkVersion"),
                text(node, "vmName"),
                text(node, "vmVersion"),
                jvmArgs,
                node.path("threads").asInt(1),
                node.path("forks").asInt(0),
                node.path("warmupIterations").asInt(0),
                text(node, "warmupTime"),
                node.path("measurementIterations").asInt(0),
                text(node, "measurementTime"));
        return new BenchmarkResult(benchmark, mode, params, primary, secondary, settings);
    }

    private static Metric metric(JsonNode node, String at) throws ReportException {
        JsonNode score = node.get("score");
        if (score == null || !(score.isNumber() || isNumericText(score))) {
            throw new ReportException("JMH results " + at + " has no numeric score");
        }
        String unit = requiredText(node, "scoreUnit", at);
        List<List<Double>> forks = new ArrayList<>();
        JsonNode raw = node.path("rawData");
        if (raw.isArray()) {
            for (JsonNode fork : raw) {
                List<Double> values = new ArrayList<>();
                for (JsonNode value : fork) {
                    if (!value.isNumber() && !isNumericText(value)) {
                        throw new ReportException("JMH results " + at + " has a non-numeric rawData value: " + value);
                    }
                    values.add(number(value));
                }
                forks.add(values);
            }
        }
        return new Metric(number(score), number(node.path("scoreError")), unit, forks);
    }

    /** JMH writes {@code "NaN"} (a string) where it has no figure. */
    private static boolean isNumericText(JsonNode node) {
        if (!node.isTextual()) {
            return false;
        }
        try {
            Double.parseDouble(node.asText());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static double number(JsonNode node) {
        if (node.isNumber()) {
            return node.asDouble();
        }
        if (isNumericText(node)) {
            return Double.parseDouble(node.asText());
        }
        return Double.NaN;
    }

    private static String requiredText(JsonNode node, String field, String at) throws ReportException {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new ReportException("JMH results " + at + " has no \"" + field + "\" (partial or not JMH output?)");
        }
        return value.asText();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? "" : value.asText();
    }
}
