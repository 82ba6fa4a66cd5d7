package dev.iolab.loadtest.tus;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.loadtest.RunInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything one tus study run saw, as it writes it to its JSON data file and the report reads it back.
 *
 * @param run      what ran where, when, under what load
 * @param setup    sizes, counts, versions
 * @param bursts   each server's timed burst, in the order they ran
 * @param cuts     each server's cut upload, in the order they ran
 * @param balancer the part behind HAProxy, one entry per server kind; empty with {@code --balancer off}
 */
record TusResult(RunInfo run, Setup setup, List<Burst> bursts, List<CutRun> cuts, List<Balanced> balancer) {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * @param uploads    simultaneous uploads of a burst
     * @param sizeMb     each of them, MiB
     * @param warmUp     untimed uploads each fresh server got before its burst
     * @param warmUpKib  each of them, KiB; 0 in data from before they were smaller than the burst's
     * @param bigMb      the cut upload, MiB (0: none)
     * @param cuts       cuts asked for in it
     * @param chunkBytes the client's PATCH size and the service's block size
     * @param reps       repetitions (iolab then tusd in each)
     * @param tusd       tusd's module and version, and its store
     * @param client     the tus client
     * @param haproxy    HAProxy's version line, or null without the balancer part
     * @param cpu        the processor's model ({@code /proc/cpuinfo}), and whether it runs under a hypervisor
     * @param note       what the person who ran the study said about the machine ({@code --machine-note}), or null
     * @param cutsWarmedUp each cut upload's fresh server got the burst's untimed uploads first (false in data from
     *     before they did)
     * @param frontStagesEveryBlock the front stages every block, the last one included, under grants handed out at
     *     creation and by questions, and the service only commits (false in data from before it did)
     * @param frontCompletes after an upload's last block the front commits the upload, copies it under its name and
     *     writes its completed state itself, when its grant lets it (false in data from before it did)
     */
    record Setup(
            int uploads,
            int sizeMb,
            int warmUp,
            int warmUpKib,
            int bigMb,
            int cuts,
            long chunkBytes,
            int reps,
            String tusd,
            String client,
            String haproxy,
            String cpu,
            String note,
            boolean cutsWarmedUp,
            boolean frontStagesEveryBlock,
            boolean frontCompletes) {}

    /** What the processes used while something ran. */
    record Usage(double seconds, double serverCpuSeconds, double azuriteCpuSeconds, long serverPeakRssBytes) {}

    /**
     * One timed burst of simultaneous uploads.
     *
     * @param server    {@code iolab} or {@code tusd}
     * @param rep       its repetition, from 1
     * @param completed uploads the client finished
     * @param verified  of them, blobs read back byte-exact (MD5)
     * @param failures  requests that failed and were resumed from, all uploads together
     * @param bytes     bytes of the completed uploads
     * @param errors    why uploads that did not complete gave up (distinct, at most a few)
     */
    record Burst(
            String server,
            int rep,
            int uploads,
            int completed,
            int verified,
            int failures,
            long bytes,
            Usage usage,
            List<String> errors) {}

    /**
     * One large upload through the cutting relay.
     *
     * @param fileBytes   the file's size
     * @param cutsDone    connections the relay cut
     * @param relayBytes  bytes the client sent through the relay, request heads included
     * @param clientResent for each resume: bytes the client had written past the offset the server answered then
     * @param completed   the client finished the upload
     * @param verified    the blob read back has the file's MD5
     * @param error       why it gave up, or null
     */
    record CutRun(
            String server,
            int rep,
            long fileBytes,
            int cutsDone,
            long relayBytes,
            List<Long> clientResent,
            boolean completed,
            boolean verified,
            Usage usage,
            String error) {}

    /**
     * Two processes of one kind behind HAProxy.
     *
     * @param server one kind, {@code iolab} or {@code tusd}
     * @param kill   resume after the process that took the first half was killed
     * @param race   two concurrent {@code PATCH}es to one upload
     */
    record Balanced(String server, Kill kill, Race race) {}

    /**
     * @param fileBytes     the upload's size
     * @param firstHalfBy   the processes HAProxy sent the first half's {@code PATCH}es to, in order
     * @param killed        the process killed: the one that took the first half's last {@code PATCH}
     * @param offsetAtResume what {@code HEAD} answered after the kill
     * @param resumedBy     the process that took the last {@code PATCH}
     * @param failures      requests that failed after the kill before the resume got through
     * @param completed     the client finished the upload
     * @param verified      the blob read back is byte-exact
     * @param error         why it gave up, or null
     */
    record Kill(
            long fileBytes,
            List<String> firstHalfBy,
            String killed,
            long offsetAtResume,
            String resumedBy,
            int failures,
            boolean completed,
            boolean verified,
            String error) {}

    /**
     * Two {@code PATCH}es at offset 0 of one upload, each with the whole upload's length of different bytes (A and B),
     * sent at the same time on two connections.
     *
     * @param answers     each request's answer
     * @param offsetAfter {@code HEAD}'s offset afterwards (-1: no answer)
     * @param stored      what the finished blob holds: {@code A}, {@code B}, {@code neither} (bytes of both or
     *                    other), {@code none} (no blob)
     */
    record Race(long length, List<Answer> answers, long offsetAfter, String stored) {}

    /**
     * @param body     {@code A} or {@code B}
     * @param servedBy the process HAProxy sent it to
     * @param status   the HTTP status, 0 without an answer
     * @param detail   the answer's {@code Upload-Offset}, problem type or error
     */
    record Answer(String body, String servedBy, int status, String detail) {}

    void write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), this);
    }

    static TusResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), TusResult.class);
    }
}
