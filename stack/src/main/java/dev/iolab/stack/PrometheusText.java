package dev.iolab.stack;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Samples of a Prometheus text exposition (what {@code /actuator/prometheus} answers): one {@link Sample} per line that
 * is not a comment. Sums and look-ups by metric name and labels, so that callers need no regular expressions.
 */
public final class PrometheusText {

    /** One sample: metric name, labels in their order, value ({@code NaN}, {@code ±Inf} included). */
    public record Sample(String name, Map<String, String> labels, double value) {}

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = samples;
    }

    /** Parses the text format (version 0.0.4 and the OpenMetrics subset Micrometer writes). */
    public static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            samples.add(parseLine(line));
        }
        return new PrometheusText(List.copyOf(samples));
    }

    public List<Sample> samples() {
        return samples;
    }

    /** Sum of every sample named {@code name} whose labels include all of {@code labels}; 0 when none match. */
    public double sum(String name, Map<String, String> labels) {
        double sum = 0;
        for (Sample s : samples) {
            if (matches(s, name, labels)) {
                sum += s.value();
            }
        }
        return sum;
    }

    /** The first sample named {@code name} whose labels include all of {@code labels}. */
    public OptionalDouble first(String name, Map<String, String> labels) {
        for (Sample s : samples) {
            if (matches(s, name, labels)) {
                return OptionalDouble.of(s.value());
            }
        }
        return OptionalDouble.empty();
    }

    private static boolean matches(Sample s, String name, Map<String, String> labels) {
        if (!s.name().equals(name)) {
            return false;
        }
        for (Map.Entry<String, String> e : labels.entrySet()) {
            if (!e.getValue().equals(s.labels().get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private static Sample parseLine(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        Map<String, String> labels = new LinkedHashMap<>();
        String name;
        int rest;
        if (brace >= 0 && (space < 0 || brace < space)) {
            name = line.substring(0, brace);
            rest = parseLabels(line, brace + 1, labels);
        } else if (space > 0) {
            name = line.substring(0, space);
            rest = space;
        } else {
            throw new IllegalArgumentException("not a Prometheus sample line: " + line);
        }
        String[] fields = line.substring(rest).strip().split("\\s+");
        if (fields.length == 0 || fields[0].isEmpty()) {
            throw new IllegalArgumentException("sample without a value: " + line);
        }
        return new Sample(name, Map.copyOf(labels), value(fields[0], line));
    }

    /** Reads {@code key="value",...}} from {@code from}; returns the index after the closing brace. */
    private static int parseLabels(String line, int from, Map<String, String> labels) {
        int i = from;
        while (true) {
            while (i < line.length() && (line.charAt(i) == ',' || line.charAt(i) == ' ')) {
                i++;
            }
            if (i >= line.length()) {
                throw new IllegalArgumentException("unterminated labels: " + line);
            }
            if (line.charAt(i) == '}') {
                return i + 1;
            }
            int eq = line.indexOf('=', i);
            if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                throw new IllegalArgumentException("malformed label at " + i + ": " + line);
            }
            String key = line.substring(i, eq).strip();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            for (; j < line.length() && line.charAt(j) != '"'; j++) {
                char c = line.charAt(j);
                if (c == '\\' && j + 1 < line.length()) {
                    char next = line.charAt(++j);
                    value.append(next == 'n' ? '\n' : next);
                } else {
                    value.append(c);
                }
            }
            if (j >= line.length()) {
                throw new IllegalArgumentException("unterminated label value: " + line);
            }
            labels.put(key, value.toString());
            i = j + 1;
        }
    }

    private static double value(String field, String line) {
        return switch (field) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(field);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a sample value '" + field + "': " + line, e);
                }
            }
        };
    }
}
