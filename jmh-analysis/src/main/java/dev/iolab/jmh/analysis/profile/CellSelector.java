package dev.iolab.jmh.analysis.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The cells one JMH command line produces: its benchmark includes (regular expressions JMH finds anywhere in the
 * benchmark's name) and its {@code -p} values. Headline cells are the cells of a profile's headline runs.
 *
 * @param includes the command's benchmark patterns (none: every benchmark)
 * @param params   parameter name → the values given with {@code -p}
 */
public record CellSelector(List<String> includes, Map<String, List<String>> params) {

    public CellSelector {
        includes = List.copyOf(includes);
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** The selector of a JMH command line, e.g. {@code com.example.CopyBenchmark.copy -p fileSizeKb=64}. */
    public static CellSelector of(List<String> jmhArgs) {
        List<String> includes = new ArrayList<>();
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < jmhArgs.size(); i++) {
            String arg = jmhArgs.get(i);
            if (arg.equals("-p") && i + 1 < jmhArgs.size()) {
                String param = jmhArgs.get(++i);
                int eq = param.indexOf('=');
                if (eq > 0) {
                    params.put(
                            param.substring(0, eq),
                            Arrays.asList(param.substring(eq + 1).split(",", -1)));
                }
            } else if (arg.startsWith("-")) {
                if (PlannedRun.takesValue(arg) || PlannedRun.COUNTED_OPTIONS.contains(arg)) {
                    i++;
                }
            } else {
                includes.add(arg);
            }
        }
        return new CellSelector(includes, params);
    }

    /** The command line without its benchmark includes: every option with its value, in order. */
    public static List<String> options(List<String> jmhArgs) {
        List<String> options = new ArrayList<>();
        for (int i = 0; i < jmhArgs.size(); i++) {
            String arg = jmhArgs.get(i);
            if (arg.startsWith("-")) {
                options.add(arg);
                if ((arg.equals("-p") || PlannedRun.takesValue(arg) || PlannedRun.COUNTED_OPTIONS.contains(arg))
                        && i + 1 < jmhArgs.size()) {
                    options.add(jmhArgs.get(++i));
                }
            }
        }
        return options;
    }

    /** The selector of a command line written as one string (quoted as in a shell). */
    public static CellSelector parse(String jmhArgs) {
        return of(ShellWords.split(jmhArgs));
    }

    /** Whether the cell of {@code benchmark} with {@code cellParams} is one this command line produces. */
    public boolean matches(String benchmark, Map<String, String> cellParams) {
        boolean included = includes.isEmpty() || includes.stream().anyMatch(p -> find(p, benchmark));
        if (!included) {
            return false;
        }
        for (Map.Entry<String, List<String>> p : params.entrySet()) {
            String value = cellParams.get(p.getKey());
            if (value == null || !p.getValue().contains(value)) {
                return false;
            }
        }
        return true;
    }

    /** {@code CopyBenchmark.copy: fileSizeKb=64,1024; strategy=BULK_8K}. */
    public String describe() {
        String names = includes.isEmpty()
                ? "every benchmark"
                : includes.stream().map(CellSelector::shortName).collect(Collectors.joining(", "));
        if (params.isEmpty()) {
            return names;
        }
        return names + ": "
                + params.entrySet().stream()
                        .map(e -> e.getKey() + "=" + String.join(",", e.getValue()))
                        .collect(Collectors.joining("; "));
    }

    private static String shortName(String include) {
        String[] parts = include.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : include;
    }

    private static boolean find(String pattern, String benchmark) {
        try {
            return Pattern.compile(pattern).matcher(benchmark).find();
        } catch (PatternSyntaxException e) {
            return benchmark.contains(pattern);
        }
    }
}
