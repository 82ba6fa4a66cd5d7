package dev.iolab.jmh.analysis.findings;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.reporting.section.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The A/A noise floor of a machine: how far a ratio of two cells of one run moves between reruns of identical code,
 * beyond what the forks of either run explain (see {@code RerunPrediction}). It is a measurement, so it is data — a
 * file that says where, when and from which runs it was measured, written by {@code jmh:noise-floor} — not a constant.
 *
 * @param sigma    the standard deviation of a ratio's log per run beyond its forks (0.02 for about 2 %), pooled over
 *                 every ratio
 * @param byRatio  the same for each ratio measured in at least two pairs, by {@link EstimatedFinding#key()} and claim
 *                 name ({@code section / finding / claim}): some ratios drift more than others (reads from disk
 *                 follow the host's cache), and a pooled figure would hide them
 * @param pairs    the pairs of runs it was estimated from, as given to {@code jmh:noise-floor}
 * @param ratios   how many ratios (a finding's claims, over all pairs) the estimate pools
 * @param machine  the machine the pairs ran on, as their environment records describe it
 * @param measured when the pairs ran, e.g. {@code 2026-11-27 09:39 UTC – 2026-11-28 05:22 UTC}
 */
public record NoiseFloor(
        double sigma, Map<String, Double> byRatio, List<String> pairs, int ratios, String machine, String measured) {

    /** No floor known: intervals carry the forks' scatter alone. */
    public static final NoiseFloor NONE = new NoiseFloor(0, Map.of(), List.of(), 0, "", "");

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public NoiseFloor {
        if (!(sigma >= 0) || sigma >= 1) {
            throw new IllegalArgumentException("a noise floor is a fraction from 0 to 1, got " + sigma);
        }
        pairs = List.copyOf(pairs);
        byRatio = new TreeMap<>(byRatio);
    }

    /** The floor of one ratio: its own where it was measured, else the pooled one. */
    public double sigmaFor(String ratio) {
        return byRatio.getOrDefault(ratio, sigma);
    }

    /** Whether a floor was measured (and not {@link #NONE}). */
    public boolean known() {
        return !pairs.isEmpty();
    }

    /** {@code 2.1 %}: sigma as a percentage. */
    public String percent() {
        return String.format(Locale.ROOT, "%.1f %%", sigma * 100);
    }

    /** How many ratios move more than their forks explain, each with a floor of its own above zero. */
    public int drifting() {
        return (int) byRatio.values().stream().filter(v -> v > 0).count();
    }

    /** {@code 10.4 %}: the largest floor of a single ratio. */
    public String largest() {
        double max =
                byRatio.values().stream().mapToDouble(Double::doubleValue).max().orElse(sigma);
        return String.format(Locale.ROOT, "%.1f %%", Math.max(max, sigma) * 100);
    }

    /** Reads a file written by {@link #write}. */
    public static NoiseFloor read(Path file) throws ReportException {
        try {
            return JSON.readValue(file.toFile(), NoiseFloor.class);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw unreadable(
                    file,
                    e.getOriginalMessage().lines().findFirst().orElse("")
                            + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (IOException | IllegalArgumentException e) {
            throw unreadable(file, e.getMessage());
        }
    }

    private static ReportException unreadable(Path file, String why) {
        return new ReportException("Cannot read the noise floor " + file + ": " + why
                + ". Write it anew with jmh:noise-floor, or leave -Djmh.noiseFloor empty to use none.");
    }

    /** Writes the floor as JSON, whole or not at all. */
    public void write(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(temp, JSON.writeValueAsString(this) + "\n");
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
