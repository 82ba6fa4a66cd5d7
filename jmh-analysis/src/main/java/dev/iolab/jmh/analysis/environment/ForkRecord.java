package dev.iolab.jmh.analysis.environment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One single-fork unit of an interleaved run and the machine's state while it ran, read from {@code /proc} just
 * before and just after it: what the report sets beside each cell, so that a fork measured while the machine was busy
 * or the hypervisor took its time is seen as such.
 *
 * @param unit       its place in the run's order, from 1
 * @param run        the label of the profile run it belongs to
 * @param params     its parameter values (one per {@code -p} of the run)
 * @param fork       its fork number among its cell's forks, from 1
 * @param cells      the JMH cells it produced ({@code benchmark [mode] params}, as the report keys cells)
 * @param started    ISO-8601 UTC start
 * @param seconds    its wall-clock duration, JVM start included
 * @param loadStart  the 1-minute load average when it started ({@code null} when unknown)
 * @param loadEnd    the same when it ended
 * @param stealShare the share (0–1) of the machine's CPU time the hypervisor gave to other guests while it ran
 *                   ({@code null} when unknown)
 * @param otherCpu   the cores other processes kept busy while it ran, on average: the machine's busy CPU time less
 *                   that of the benchmark's own processes, over its duration ({@code null} when unknown)
 * @param failure    why it produced no result, or empty
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ForkRecord(
        int unit,
        String run,
        Map<String, String> params,
        int fork,
        List<String> cells,
        String started,
        double seconds,
        Double loadStart,
        Double loadEnd,
        Double stealShare,
        Double otherCpu,
        String failure) {

    public ForkRecord {
        params = params == null ? Map.of() : Map.copyOf(params);
        cells = cells == null ? List.of() : List.copyOf(cells);
        failure = failure == null ? "" : failure;
    }

    /** The records a JMH host of interleaved runs wrote, in unit order. */
    public static List<ForkRecord> readAll(Path file) throws IOException {
        return JSON.readValue(file.toFile(), new TypeReference<List<ForkRecord>>() {});
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Whether the unit produced results. */
    public boolean ran() {
        return failure.isEmpty();
    }
}
