package dev.iolab.loadtest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tally of one simulation run: how each upload ended.
 *
 * <p>Gatling's own statistics know OK and KO only; the study needs accepted / refused (by problem type, e.g. queue
 * full vs memory budget) / failed (resets, timeouts, wrong answers) and per-file times of the accepted uploads, so
 * the simulation records one {@link Outcome} per upload here and writes the {@link Summary} as JSON at the end.
 * Thread-safe: users finish on Gatling's event loops.
 */
public final class UploadOutcomes {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What became of one upload. */
    public enum Kind {
        /** 201 with the expected size and MD5. */
        ACCEPTED,
        /** 503 with {@code Retry-After}: refused for capacity before the body was read. */
        REFUSED,
        /** Anything else: no response (reset, timeout), another status, or a 201 with a wrong size/MD5. */
        FAILED
    }

    /**
     * @param kind     the outcome
     * @param strategy the strategy (or {@code valet-key}) the upload used
     * @param status   HTTP status of the service's last answer, 0 when none arrived
     * @param detail   problem type of a refusal, or a short reason for a failure; empty for accepted
     * @param startMs  epoch millis when the upload started
     * @param endMs    epoch millis when the exchange ended
     */
    public record Outcome(Kind kind, String strategy, int status, String detail, long startMs, long endMs) {
        long durationMs() {
            return endMs - startMs;
        }
    }

    private final List<Outcome> outcomes = new ArrayList<>();

    public synchronized void record(Outcome outcome) {
        outcomes.add(outcome);
    }

    synchronized List<Outcome> snapshot() {
        return List.copyOf(outcomes);
    }

    /**
     * Summary of a finished run, as written to {@code outcomesFile}. Times in seconds; throughput in MiB/s of accepted
     * bytes over the run's span (first start to last end); {@code null} where there is nothing to measure.
     *
     * @param expected uploads the run should have made (users × uploads per user)
     * @param acceptedBy accepted uploads per strategy
     * @param clientCpuSeconds CPU seconds the load generator's JVM used from the first user's start to the run's end
     *                         (without its start-up and report writing); null where unknown
     * @param firstStartMs epoch millis when the first upload started; null when none reported
     * @param lastEndMs epoch millis when the last exchange ended; null when none reported
     */
    public record Summary(
            String strategy,
            String mode,
            long fileSizeBytes,
            int users,
            int uploadsPerUser,
            int capacity,
            long expected,
            int accepted,
            int refused,
            int failed,
            Map<String, Integer> acceptedBy,
            Map<String, Integer> refusedBy,
            Map<String, Integer> failedBy,
            Double meanSeconds,
            Double minSeconds,
            Double maxSeconds,
            Double p95Seconds,
            Double spanSeconds,
            Double throughputMibPerSecond,
            Double clientCpuSeconds,
            Long firstStartMs,
            Long lastEndMs) {

        /** One line for the console. */
        public String toText() {
            return String.format(
                    Locale.ROOT,
                    "uploads=%d accepted=%d refused=%d %s failed=%d %s | accepted s/file mean=%s min=%s max=%s p95=%s"
                            + " | span %s s, %s MiB/s",
                    expected,
                    accepted,
                    refused,
                    refusedBy,
                    failed,
                    failedBy,
                    fmt(meanSeconds, 3),
                    fmt(minSeconds, 3),
                    fmt(maxSeconds, 3),
                    fmt(p95Seconds, 3),
                    fmt(spanSeconds, 1),
                    fmt(throughputMibPerSecond, 1));
        }

        /** Reads a summary the simulation wrote. */
        public static Summary read(Path file) throws IOException {
            return JSON.readValue(file.toFile(), Summary.class);
        }

        private static String fmt(Double v, int decimals) {
            return v == null ? "–" : String.format(Locale.ROOT, "%." + decimals + "f", v);
        }
    }

    /**
     * Summarizes what was recorded; uploads that never reported count as failed. {@code clientCpuSeconds}: what the
     * load generator used meanwhile (NaN: unknown).
     */
    public Summary summarize(UploadSettings settings, double clientCpuSeconds) {
        List<Outcome> all = snapshot();
        long expected = settings.totalUploads();
        Tally tally = tally(all, expected);
        Map<String, Integer> acceptedBy = tally.acceptedBy();
        Map<String, Integer> refusedBy = tally.refusedBy();
        Map<String, Integer> failedBy = tally.failedBy();
        List<Long> acceptedMs = tally.acceptedMs();
        long firstStart = tally.firstStart();
        long lastEnd = tally.lastEnd();
        int refused = refusedBy.values().stream().mapToInt(Integer::intValue).sum();
        int failed = failedBy.values().stream().mapToInt(Integer::intValue).sum();
        Double span = all.isEmpty() ? null : (lastEnd - firstStart) / 1000.0;
        Double mean = acceptedMs.isEmpty()
                ? null
                : acceptedMs.stream().mapToLong(Long::longValue).average().orElseThrow() / 1000.0;
        Double min = acceptedMs.isEmpty() ? null : acceptedMs.getFirst() / 1000.0;
        Double max = acceptedMs.isEmpty() ? null : acceptedMs.getLast() / 1000.0;
        Double p95 = acceptedMs.isEmpty() ? null : nearestRank(acceptedMs, 0.95) / 1000.0;
        Double throughput =
                span != null && span > 0 ? acceptedMs.size() * (settings.fileSizeBytes() / 1048576.0) / span : null;
        return new Summary(
                settings.strategyLabel(),
                settings.mode().name().toLowerCase(Locale.ROOT),
                settings.fileSizeBytes(),
                settings.users(),
                settings.uploadsPerUser(),
                settings.capacity(),
                expected,
                acceptedMs.size(),
                refused,
                failed,
                acceptedBy,
                refusedBy,
                failedBy,
                mean,
                min,
                max,
                p95,
                span,
                throughput,
                Double.isNaN(clientCpuSeconds) ? null : clientCpuSeconds,
                all.isEmpty() ? null : firstStart,
                all.isEmpty() ? null : lastEnd);
    }

    /**
     * The outcomes counted by kind and reason, the accepted uploads' times ascending, the first start and last end.
     */
    private record Tally(
            Map<String, Integer> acceptedBy,
            Map<String, Integer> refusedBy,
            Map<String, Integer> failedBy,
            List<Long> acceptedMs,
            long firstStart,
            long lastEnd) {}

    /** Counts the outcomes; uploads that never reported (the run was cut short) count as failed. */
    private static Tally tally(List<Outcome> all, long expected) {
        Map<String, Integer> acceptedBy = new TreeMap<>();
        Map<String, Integer> refusedBy = new TreeMap<>();
        Map<String, Integer> failedBy = new TreeMap<>();
        List<Long> acceptedMs = new ArrayList<>();
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        for (Outcome o : all) {
            firstStart = Math.min(firstStart, o.startMs());
            lastEnd = Math.max(lastEnd, o.endMs());
            switch (o.kind()) {
                case ACCEPTED -> {
                    acceptedMs.add(o.durationMs());
                    acceptedBy.merge(o.strategy(), 1, Integer::sum);
                }
                case REFUSED -> refusedBy.merge(o.detail(), 1, Integer::sum);
                case FAILED -> failedBy.merge(o.detail(), 1, Integer::sum);
            }
        }
        // so that accepted + refused + failed = expected
        long missing = expected - all.size();
        if (missing > 0) {
            failedBy.merge("no outcome recorded", (int) missing, Integer::sum);
        }
        acceptedMs.sort(null);
        return new Tally(acceptedBy, refusedBy, failedBy, acceptedMs, firstStart, lastEnd);
    }

    /** Writes the summary atomically (temp file + move), so a reader never sees half a file. */
    public static void write(Path target, Summary summary) throws IOException {
        AtomicFiles.write(target, tmp -> JSON.writeValue(tmp.toFile(), summary));
    }

    /** Nearest-rank percentile of an ascending list. */
    static long nearestRank(List<Long> ascending, double quantile) {
        int rank = (int) Math.ceil(quantile * ascending.size());
        return ascending.get(Math.max(0, Math.min(ascending.size() - 1, rank - 1)));
    }
}
