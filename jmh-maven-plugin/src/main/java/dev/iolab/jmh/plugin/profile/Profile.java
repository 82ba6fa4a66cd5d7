package dev.iolab.jmh.plugin.profile;

import dev.iolab.jmh.plugin.CommandLine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A named set of JMH runs (one invocation each, so each benchmark gets its own settings), read from a small text
 * file: the built-in {@code quick}, {@code standard} and {@code full} (resources next to this class) or any file.
 *
 * <pre>
 * # comment
 * description: all four benchmarks at small sizes, for a first look
 * expected: about 4 minutes on 2 cores
 * run copy: CopyBenchmark -p fileSizeKb=64,1024 -f 1 -wi 1 -i 3 -w 1s -r 1s
 * </pre>
 * Each {@code run} line is a JMH command line (quoted as in a shell); it must set {@code -f}, {@code -wi} and
 * {@code -i} and give every multi-valued parameter with {@code -p}, so that progress can be counted.
 */
public record Profile(String name, String description, String expected, List<PlannedRun> runs) {

    public static final List<String> BUILT_IN = List.of("quick", "standard", "full");

    public Profile {
        runs = List.copyOf(runs);
    }

    /**
     * A built-in profile by name, or a profile file by path.
     *
     * @throws IllegalArgumentException if there is no such profile or it is malformed (the message says where)
     */
    public static Profile load(String nameOrPath, Path baseDirectory) throws IOException {
        if (BUILT_IN.contains(nameOrPath)) {
            try (InputStream in = Profile.class.getResourceAsStream(nameOrPath + ".profile")) {
                if (in == null) {
                    throw new IllegalStateException(
                            "Built-in profile " + nameOrPath + " is missing from the plugin jar");
                }
                return parse(
                        nameOrPath,
                        new String(in.readAllBytes(), StandardCharsets.UTF_8)
                                .lines()
                                .collect(Collectors.toList()));
            }
        }
        Path file = baseDirectory.resolve(nameOrPath);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("Unknown profile \"" + nameOrPath + "\": use one of "
                    + String.join(", ", BUILT_IN) + ", or the path of a profile file (no file at " + file + ")");
        }
        String name = file.getFileName().toString().replaceFirst("\\.profile$", "");
        return parse(name, Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    static Profile parse(String name, List<String> lines) {
        String description = "";
        String expected = "";
        List<PlannedRun> runs = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("Profile " + name + ", line " + (n + 1)
                        + ": expected \"description:\", \"expected:\" or \"run <label>:\", got: " + line);
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (key.equals("description")) {
                description = value;
            } else if (key.equals("expected")) {
                expected = value;
            } else if (key.startsWith("run ") && !key.substring(4).isBlank()) {
                String label = key.substring(4).strip();
                if (!labels.add(label)) {
                    throw new IllegalArgumentException(
                            "Profile " + name + ", line " + (n + 1) + ": run " + label + " appears twice");
                }
                try {
                    runs.add(PlannedRun.of(label, CommandLine.split(value)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "Profile " + name + ", line " + (n + 1) + ": " + e.getMessage(), e);
                }
            } else {
                throw new IllegalArgumentException("Profile " + name + ", line " + (n + 1) + ": unknown key " + key);
            }
        }
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("Profile " + name + " has no \"run <label>: ...\" line");
        }
        return new Profile(name, description, expected, runs);
    }

    /** The same profile restricted to the runs with these labels. */
    public Profile only(Collection<String> labels) {
        List<String> unknown = labels.stream()
                .filter(l -> runs.stream().noneMatch(r -> r.label().equals(l)))
                .collect(Collectors.toList());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("Profile " + name + " has no run " + String.join(", ", unknown)
                    + "; its runs are " + runs.stream().map(PlannedRun::label).collect(Collectors.joining(", ")));
        }
        return new Profile(
                name,
                description,
                expected.isEmpty() ? "" : "the whole profile: " + expected,
                runs.stream().filter(r -> labels.contains(r.label())).collect(Collectors.toList()));
    }

    public int iterations() {
        return runs.stream().mapToInt(PlannedRun::iterations).sum();
    }

    public Duration nominalDuration() {
        return runs.stream().map(PlannedRun::nominalDuration).reduce(Duration.ZERO, Duration::plus);
    }
}
