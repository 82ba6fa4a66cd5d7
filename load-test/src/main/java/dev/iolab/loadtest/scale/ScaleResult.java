package dev.iolab.loadtest.scale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything one scale study run saw, as it writes it to {@code scale.json} in its run directory and the report reads
 * it.
 *
 * @param run   what ran where, when, under what load
 * @param first the burst with every replica up
 * @param kill  the burst with one replica killed mid-way; null with {@code --kill off}
 */
record ScaleResult(RunInfo run, BurstResult first, KillRun kill) {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * @param serviceOpts      each replica's JVM options and extra arguments
     * @param executorThreads  each replica's upload executor threads (from its metrics)
     * @param capacity         each replica's threads + queue: uploads it takes at once
     * @param haproxy          HAProxy's version line
     */
    record RunInfo(
            String command,
            String startedUtc,
            String finishedUtc,
            long durationSeconds,
            String machine,
            String java,
            String loadBefore,
            String loadAfter,
            double loadMax,
            int replicas,
            String serviceOpts,
            String strategy,
            int executorThreads,
            int capacity,
            int clients,
            int fileSizeMb,
            String haproxy) {}

    /**
     * One upload as the client saw it, and which replica HAProxy sent it to.
     *
     * @param client      the client's source address
     * @param replica     the server in HAProxy's log ({@code replica-1}), null when HAProxy logged none
     * @param status      HTTP status of the answer; 0 when none arrived
     * @param problemType the refusal's problem type (last path segment), or null
     * @param error       why no answer arrived, or null
     */
    record Upload(
            String name,
            String client,
            String replica,
            int status,
            String problemType,
            String error,
            long startMs,
            long endMs) {

        /** "201", "503 queue-full", "502", "no answer (HttpTimeoutException)". */
        String outcome() {
            if (status == 0) {
                return "no answer (" + error + ")";
            }
            return problemType == null ? Integer.toString(status) : status + " " + problemType;
        }

        boolean stored() {
            return status == 201;
        }
    }

    /**
     * What storage holds for a set of uploads.
     *
     * @param answered201 uploads answered 201: each must be stored
     * @param exact       of those, stored with the uploaded bytes (downloaded and MD5 compared)
     * @param mismatched  stored with other bytes
     * @param missing     answered 201 but not stored
     * @param unanswered  blobs holding the whole file whose upload was not answered 201 (stored just before its replica
     *                    died, say): not partial, but the client was told it failed
     * @param partial     blobs (committed or not) of uploads not answered 201 that do not hold the whole file
     * @param staging     blobs under construction left in the staging container
     */
    record Audit(
            int answered201,
            int exact,
            int mismatched,
            int missing,
            List<String> unanswered,
            List<String> partial,
            List<String> staging) {

        /** No blob with other bytes than the file, committed or not, and nothing left in staging. */
        boolean noPartial() {
            return mismatched == 0 && partial.isEmpty() && staging.isEmpty();
        }

        /** Every 201 stored byte-exact, nothing else stored, nothing left in staging. */
        boolean clean() {
            return exact == answered201 && missing == 0 && unanswered.isEmpty() && noPartial();
        }
    }

    /**
     * One burst: {@code clients} uploads at once through HAProxy.
     *
     * @param spanSeconds first request to last answer
     */
    record BurstResult(String label, List<Upload> uploads, Audit audit, double spanSeconds) {

        /** Uploads per outcome ("201", "503 queue-full", ...). */
        Map<String, Integer> byOutcome() {
            Map<String, Integer> counts = new TreeMap<>();
            uploads.forEach(u -> counts.merge(u.outcome(), 1, Integer::sum));
            return counts;
        }

        /** Uploads per replica and outcome. */
        Map<String, Map<String, Integer>> byReplica() {
            Map<String, Map<String, Integer>> counts = new TreeMap<>();
            uploads.forEach(u -> counts.computeIfAbsent(
                            u.replica() == null ? "(not in HAProxy's log)" : u.replica(), r -> new TreeMap<>())
                    .merge(u.outcome(), 1, Integer::sum));
            return counts;
        }

        long stored() {
            return uploads.stream().filter(Upload::stored).count();
        }
    }

    /**
     * A valet-key upload granted by the replica that is then killed, completed through HAProxy afterwards.
     *
     * @param grantStatus    the grant's answer (made on the replica directly, before the kill)
     * @param storageStatus  the PUT of the bytes to storage (before the kill)
     * @param completeStatus the completion's answer through HAProxy after the kill; 0 when none arrived
     * @param completeProblem its problem type or error, or null
     * @param completedBy    the replica HAProxy sent the completion to
     */
    record Grant(
            String name,
            int grantStatus,
            int storageStatus,
            int completeStatus,
            String completeProblem,
            String completedBy) {}

    /**
     * The burst with one replica killed.
     *
     * @param killedReplica               its name in HAProxy ({@code replica-1})
     * @param killAtSeconds               when it was killed, seconds into the burst
     * @param runningOnKilled             uploads its executor was running when it was killed
     * @param secondsToDown               from the kill to HAProxy's DOWN; null when it never said so
     * @param sessionsAfterDown           connections HAProxy sent to the killed replica after marking it DOWN
     * @param afterKill                   new uploads sent once it was DOWN
     * @param grants                      valet-key uploads granted by the killed replica
     */
    record KillRun(
            BurstResult burst,
            String killedReplica,
            double killAtSeconds,
            int runningOnKilled,
            Double secondsToDown,
            long sessionsAfterDown,
            BurstResult afterKill,
            List<Grant> grants,
            Audit grantAudit) {}

    void write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), this);
    }

    static ScaleResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), ScaleResult.class);
    }
}
