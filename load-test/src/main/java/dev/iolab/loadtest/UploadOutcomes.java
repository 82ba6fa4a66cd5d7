package dev.iolab.loadtest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tally of one simulation run: how each virtual user's upload ended.
 *
 * <p>Gatling's own statistics know OK and KO only; the study needs accepted / refused (by problem type, e.g. queue
 * full vs memory budget) / failed (resets, timeouts, wrong answers) and per-file times of the accepted uploads, so
 * the simulation records one {@link Outcome} per user here and writes the summary as JSON at the end.
 * Thread-safe: users finish on Gatling's event loops.
 */
final class UploadOutcomes {

    /** What became of one upload. */
    enum Kind {
        /** 201 with the expected size and MD5. */
        ACCEPTED,
        /** 503 with {@code Retry-After}: refused for capacity before the body was read. */
        REFUSED,
        /** Anything else: no response (reset, timeout), another status, or a 201 with a wrong size/MD5. */
        FAILED
    }

    /**
     * @param kind       the outcome
     * @param status     HTTP status, 0 when no response arrived
     * @param detail     problem type of a refusal, or a short reason for a failure; empty for accepted
     * @param startMs    epoch millis when the user started the request
     * @param endMs      epoch millis when the user saw the end of the exchange
     */
    record Outcome(Kind kind, int status, String detail, long startMs, long endMs) {
        long durationMs() {
            return endMs - startMs;
        }
    }

    private final List<Outcome> outcomes = new ArrayList<>();

    synchronized void record(Outcome outcome) {
        outcomes.add(outcome);
    }

    synchronized List<Outcome> snapshot() {
        return List.copyOf(outcomes);
    }

    /** Summary of a finished run. Times in seconds; throughput in MiB/s of accepted bytes over the run's span. */
    record Summary(
            int users,
            int accepted,
            int refused,
            int failed,
            Map<String, Integer> refusedBy,
            Map<String, Integer> failedBy,
            double meanSeconds,
            double minSeconds,
            double maxSeconds,
            double p95Seconds,
            double spanSeconds,
            double throughputMibPerSecond) {

        String toJson(UploadSettings settings) {
            StringBuilder json = new StringBuilder(512).append("{\n");
            field(json, "strategy", quote(settings.strategy()));
            field(json, "mode", quote(settings.mode().name().toLowerCase(Locale.ROOT)));
            field(json, "fileSizeMb", Integer.toString(settings.fileSizeMb()));
            field(json, "users", Integer.toString(users));
            field(json, "capacity", Integer.toString(settings.capacity()));
            field(json, "accepted", Integer.toString(accepted));
            field(json, "refused", Integer.toString(refused));
            field(json, "failed", Integer.toString(failed));
            field(json, "refusedBy", map(refusedBy));
            field(json, "failedBy", map(failedBy));
            field(json, "meanSeconds", number(meanSeconds));
            field(json, "minSeconds", number(minSeconds));
            field(json, "maxSeconds", number(maxSeconds));
            field(json, "p95Seconds", number(p95Seconds));
            field(json, "spanSeconds", number(spanSeconds));
            json.append("  \"throughputMibPerSecond\": ")
                    .append(number(throughputMibPerSecond))
                    .append("\n}\n");
            return json.toString();
        }

        String toText() {
            return String.format(
                    Locale.ROOT,
                    "users=%d accepted=%d refused=%d %s failed=%d %s | accepted s/file mean=%.3f min=%.3f max=%.3f p95=%.3f"
                            + " | span %.1f s, %.1f MiB/s",
                    users,
                    accepted,
                    refused,
                    refusedBy,
                    failed,
                    failedBy,
                    meanSeconds,
                    minSeconds,
                    maxSeconds,
                    p95Seconds,
                    spanSeconds,
                    throughputMibPerSecond);
        }

        private static void field(StringBuilder json, String name, String value) {
            json.append("  \"").append(name).append("\": ").append(value).append(",\n");
        }

        private static String map(Map<String, Integer> map) {
            StringBuilder json = new StringBuilder("{");
            map.forEach((k, v) -> json.append(json.length() > 1 ? ", " : "")
                    .append(quote(k))
                    .append(": ")
                    .append(v));
            return json.append('}').toString();
        }

        private static String number(double value) {
            return Double.isFinite(value) ? String.format(Locale.ROOT, "%.4f", value) : "null";
        }

        private static String quote(String s) {
            StringBuilder out = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            return out.append('"').toString();
        }
    }

    Summary summarize(int users, long fileSizeBytes) {
        List<Outcome> all = snapshot();
        Map<String, Integer> refusedBy = new TreeMap<>();
        Map<String, Integer> failedBy = new TreeMap<>();
        List<Long> acceptedMs = new ArrayList<>();
        long firstStart = Long.MAX_VALUE;
        long lastEnd = Long.MIN_VALUE;
        for (Outcome o : all) {
            firstStart = Math.min(firstStart, o.startMs());
            lastEnd = Math.max(lastEnd, o.endMs());
            switch (o.kind()) {
                case ACCEPTED -> acceptedMs.add(o.durationMs());
                case REFUSED -> refusedBy.merge(o.detail(), 1, Integer::sum);
                case FAILED -> failedBy.merge(o.detail(), 1, Integer::sum);
            }
        }
        // Users that never reported (the run was cut short) count as failed, so accepted + refused + failed = users.
        int missing = users - all.size();
        if (missing > 0) {
            failedBy.merge("no outcome recorded", missing, Integer::sum);
        }
        int refused = refusedBy.values().stream().mapToInt(Integer::intValue).sum();
        int failed = failedBy.values().stream().mapToInt(Integer::intValue).sum();
        acceptedMs.sort(null);
        double span = all.isEmpty() ? Double.NaN : (lastEnd - firstStart) / 1000.0;
        double mean = acceptedMs.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1000.0;
        double min = acceptedMs.isEmpty() ? Double.NaN : acceptedMs.getFirst() / 1000.0;
        double max = acceptedMs.isEmpty() ? Double.NaN : acceptedMs.getLast() / 1000.0;
        double p95 = acceptedMs.isEmpty() ? Double.NaN : nearestRank(acceptedMs, 0.95) / 1000.0;
        double throughput = span > 0 ? acceptedMs.size() * (fileSizeBytes / 1048576.0) / span : Double.NaN;
        return new Summary(
                users, acceptedMs.size(), refused, failed, refusedBy, failedBy, mean, min, max, p95, span, throughput);
    }

    /** Writes the summary atomically (temp file + move), so a reader never sees half a file. */
    static void write(Path target, String json) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, json, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Nearest-rank percentile of an ascending list. */
    static long nearestRank(List<Long> ascending, double quantile) {
        int rank = (int) Math.ceil(quantile * ascending.size());
        return ascending.get(Math.max(0, Math.min(ascending.size() - 1, rank - 1)));
    }
}
