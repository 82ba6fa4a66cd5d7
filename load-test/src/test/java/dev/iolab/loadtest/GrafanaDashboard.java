package dev.iolab.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The provisioned Grafana dashboard JSON, read for its panels' PromQL queries and datasource references. */
final class GrafanaDashboard {

    /** One query of one panel. */
    record Query(String panel, String refId, String expr) {

        /**
         * The expression with Grafana's variables replaced so that Prometheus's HTTP API can run it, e.g.
         * {@code $application → upload-service}, {@code $strategy → .*} (the "All" value), {@code $__rate_interval → 30s}.
         */
        String resolved(Map<String, String> variables) {
            String out = expr;
            // Longest names first, so that $__range is not eaten by a shorter variable.
            List<String> names = new ArrayList<>(variables.keySet());
            names.sort((a, b) -> b.length() - a.length());
            for (String name : names) {
                out = out.replace("${" + name + "}", variables.get(name)).replace("$" + name, variables.get(name));
            }
            if (out.contains("$")) {
                throw new IllegalArgumentException("unresolved variable in query of '" + panel + "': " + out);
            }
            return out;
        }
    }

    /**
     * Values for the dashboard's variables when its queries run against Prometheus's HTTP API instead of Grafana: our
     * application, every strategy (the "All" value), and Grafana's interval variables at the sizes Grafana would pick for
     * a 5-minute view of a 1 s scrape interval.
     */
    static final Map<String, String> API_VARIABLES = Map.of(
            "application", "upload-service",
            "strategy", ".*",
            "__rate_interval", "1m",
            "__interval", "15s",
            "__range", "5m");

    private final JsonNode root;

    private GrafanaDashboard(JsonNode root) {
        this.root = root;
    }

    static GrafanaDashboard read(Path file) throws IOException {
        return new GrafanaDashboard(new ObjectMapper().readTree(file.toFile()));
    }

    JsonNode json() {
        return root;
    }

    /** Panels that are not rows, including those nested in collapsed rows. */
    List<JsonNode> panels() {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode panel : root.path("panels")) {
            if ("row".equals(panel.path("type").asText())) {
                panel.path("panels").forEach(out::add);
            } else {
                out.add(panel);
            }
        }
        return out;
    }

    List<Query> queries() {
        List<Query> out = new ArrayList<>();
        for (JsonNode panel : panels()) {
            for (JsonNode target : panel.path("targets")) {
                out.add(new Query(
                        panel.path("title").asText(),
                        target.path("refId").asText(),
                        target.path("expr").asText()));
            }
        }
        return out;
    }

    List<String> variableNames() {
        List<String> out = new ArrayList<>();
        root.path("templating").path("list").forEach(v -> out.add(v.path("name").asText()));
        return out;
    }

    /** Every {@code datasource} object anywhere in the dashboard (panels, targets, variables, annotations). */
    List<JsonNode> datasourceRefs() {
        List<JsonNode> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                if ("datasource".equals(e.getKey())) {
                    out.add(e.getValue());
                }
                collect(e.getValue(), out);
            });
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, out));
        }
    }
}
