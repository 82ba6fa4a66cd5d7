package dev.iolab.loadtest.study;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.loadtest.RunInfo;
import dev.iolab.loadtest.UploadOutcomes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Everything one study run measured, as the study writes it to {@code study.json} in its run directory and the report
 * reads it. Byte figures are bytes; {@code null} where nothing was measured.
 *
 * @param run             what ran where, when, under what load
 * @param strategies      the strategy IDs in the service's order (from its {@code /actuator/info})
 * @param cells           one per strategy × size × users × budget (and {@code valet-key} × size × users)
 * @param ceilings        the same files without the service, per size × users: {@link Ceiling#DIRECT},
 *                        {@link Ceiling#STORAGE}, {@link Ceiling#NGINX}
 * @param valetKeySkipped why the valet-key row was not measured, or null
 * @param soak            the soak, in soak mode
 * @param warmUpBursts    untimed bursts each ceiling and cell sent first (0 in soak mode)
 * @param warmUpMb        file size of the cells' warm-up bursts, MiB (the ceilings' are 1 MiB; 0 in soak mode)
 * @param runDirectory    the run's directory, where its Gatling reports, logs and {@code study.json} stay: relative to
 *                        the repository root when under it ({@code load-test/target/upload-study/<UTC time>})
 * @param distinctClients each Gatling user uploaded from its own loopback address (127.0.1.1, 127.0.1.2, …), as the
 *                        study's users have since 27 Nov 2026; false: all from one address
 */
// A file converted from a report's printed figures says which of its values are rebuilt, under "converted": for the
// reader, not for the report.
@JsonIgnoreProperties("converted")
record StudyResult(
        RunInfo run,
        List<String> strategies,
        List<Cell> cells,
        List<Ceiling> ceilings,
        String valetKeySkipped,
        Soak soak,
        int warmUpBursts,
        int warmUpMb,
        String runDirectory,
        boolean distinctClients) {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The service's memory during one Gatling run.
     *
     * @param peakHeapUsedBytes   highest heap used (garbage included) sampled every 0.5 s
     * @param peakDirectBytes     highest JDK direct-buffer memory
     * @param peakRssBytes        highest resident set size of the process
     * @param samples             metric samples taken
     * @param idleLiveHeapBytes   heap after a forced full GC just before the run, nothing in flight; null when the
     *                            run forced no GC ({@code --heap-probes 0})
     * @param liveHeapBytes       highest heap after a forced full GC during the run, uploads in flight
     * @param inFlight            uploads running on the executor at that GC (null where the service runs none, e.g.
     *                            valet-key: the bytes bypass it)
     * @param liveProbes          forced GCs during the run
     */
    record Memory(
            Double peakHeapUsedBytes,
            Double peakDirectBytes,
            Double peakRssBytes,
            int samples,
            Long idleLiveHeapBytes,
            Long liveHeapBytes,
            Integer inFlight,
            int liveProbes) {

        /** Live heap above idle while uploads were in flight, bytes; null without a probe. */
        Long liveAboveIdleBytes() {
            return liveHeapBytes == null || idleLiveHeapBytes == null
                    ? null
                    : Math.max(0, liveHeapBytes - idleLiveHeapBytes);
        }

        /** {@link #liveAboveIdleBytes()} per upload in flight; null when unknown. */
        Double livePerUploadBytes() {
            Long above = liveAboveIdleBytes();
            return above == null || inFlight == null || inFlight == 0 ? null : above / (double) inFlight;
        }
    }

    /**
     * CPU seconds (user + system) each process used during one burst, from {@code /proc}; null where there is no such
     * process (the direct row has no hop).
     *
     * @param client  the load generator: the Gatling JVM, or the study's own JVM for the direct row (the SDK)
     * @param hop     what sits between clients and storage: the service JVM, or nginx's master and workers
     * @param storage Azurite (its node process)
     */
    record Cpu(Double client, Double hop, Double storage) {

        /** All processes together; null when nothing was measured. */
        Double total() {
            if (client == null && hop == null && storage == null) {
                return null;
            }
            return (client == null ? 0 : client) + (hop == null ? 0 : hop) + (storage == null ? 0 : storage);
        }
    }

    /**
     * Bytes the service read per stored upload during a burst.
     *
     * @param bytesPerUpload bytes ÷ uploads stored
     * @param source         {@code rchar} ({@code /proc/PID/io}: every byte the service read — client bodies,
     *                       storage answers, spool files — an upper bound) or the name of the service metric that
     *                       counts what a valet-key completion read back from storage
     */
    record ServiceReads(double bytesPerUpload, String source) {}

    /**
     * One Gatling burst against the service.
     *
     * @param strategy    strategy ID, or {@code valet-key}
     * @param budget      the memory budget was on
     * @param gatlingExit 0 assertions passed, 2 failed, other: crashed
     * @param serviceUp   the service was healthy after the run
     * @param oomErrors   OutOfMemoryError lines the service logged during the run
     * @param report      Gatling's HTML report, relative to the run directory
     * @param outcomes    the simulation's tally; null when Gatling crashed before writing it
     * @param cpu         CPU seconds of Gatling, the service and Azurite during the burst
     * @param reads       bytes the service read per stored upload; null when nothing was stored
     * @param verifyReads for valet-key: what completions read back from storage per upload, from the service's own
     *                    metric; null when the service has no such metric (see {@code reads}, an upper bound)
     * @param rounds      with {@code --rounds} 2 or more: every timed burst of the cell beside its ceiling's burst right
     *                    before it (the cell's other figures are its last round's); null or empty otherwise
     */
    record Cell(
            String strategy,
            boolean budget,
            int fileSizeMb,
            int users,
            int gatlingExit,
            boolean serviceUp,
            int oomErrors,
            String report,
            UploadOutcomes.Summary outcomes,
            Memory memory,
            long seconds,
            Cpu cpu,
            ServiceReads reads,
            ServiceReads verifyReads,
            List<Round> rounds) {

        String load() {
            return fileSizeMb + " MB × " + users;
        }

        boolean assertionsPassed() {
            return gatlingExit == 0;
        }

        int accepted() {
            return outcomes == null ? 0 : outcomes.accepted();
        }

        int failed() {
            return outcomes == null ? users : outcomes.failed();
        }
    }

    /**
     * One round of a cell measured in pairs: its ceiling's burst and the cell's, one right after the other, each on an
     * Azurite of its own, restarted empty and warmed the same way, so that both meet the machine and the store in the
     * same state.
     *
     * @param partner            the ceiling's burst ({@link Ceiling#NGINX} for a strategy, {@link Ceiling#STORAGE} for
     *                           valet-key)
     * @param spanSeconds        the cell's burst, first request to last answer
     * @param cpu                the cell's CPU seconds during its burst
     * @param accepted           uploads the cell stored
     * @param cellFirst          whether the cell's burst went before its partner's (in even rounds)
     * @param partnerAzuriteReadBytes bytes the partner's Azurite had read since its restart when the partner's timed run
     *                           began (its warm-up); null when unreadable
     * @param cellAzuriteReadBytes bytes the cell's Azurite had read since its restart when the cell's timed burst began;
     *                           null when unreadable
     */
    record Round(
            Ceiling partner,
            double spanSeconds,
            Cpu cpu,
            int accepted,
            Boolean cellFirst,
            Long partnerAzuriteReadBytes,
            Long cellAzuriteReadBytes) {

        /** The cell's time ÷ its partner's. */
        double timeRatio() {
            return spanSeconds / partner.spanSeconds();
        }

        /** The hop's CPU ÷ nginx's; null for a partner without a hop or a missing figure. */
        Double hopCpuRatio() {
            return ratio(cpu.hop(), partner.cpu().hop());
        }

        /** Azurite's CPU behind the cell ÷ behind its partner; null for a missing figure. */
        Double storageCpuRatio() {
            return ratio(cpu.storage(), partner.cpu().storage());
        }

        private static Double ratio(Double a, Double b) {
            return a == null || b == null || b <= 0 ? null : a / b;
        }
    }

    /**
     * A ceiling: the cell's file uploaded without the service, to the same Azurite, in the same run.
     *
     * @param row       {@link #DIRECT}: the Azure SDK alone ({@code BlobClient.uploadFromFile}, defaults) from as many
     *                  threads as the service's executor has, min(users, capacity) uploads — what the service could do
     *                  if it added nothing; {@link #STORAGE}: the cell's Gatling users, each from its own address, PUT
     *                  the file straight to Azurite with a SAS (Put Blob); {@link #NGINX}: the same users through
     *                  nginx in front of Azurite — the cheapest possible hop
     * @param uploads   uploads made
     * @param clients   what uploaded: "25 SDK threads", "125 Gatling users"
     * @param failed    uploads that failed or stored other bytes (size for direct, MD5 for storage and nginx)
     * @param cpu       CPU seconds of the client, the hop (nginx) and Azurite during the uploads
     */
    record Ceiling(
            String row,
            int fileSizeMb,
            int users,
            int uploads,
            String clients,
            int failed,
            Double meanSeconds,
            Double p95Seconds,
            double spanSeconds,
            Double throughputMibPerSecond,
            Cpu cpu) {

        static final String DIRECT = "direct";
        static final String STORAGE = "storage";
        static final String NGINX = "nginx";

        String load() {
            return fileSizeMb + " MB × " + users;
        }

        int stored() {
            return uploads - failed;
        }
    }

    /**
     * The soak: many uploads with mixed strategies at bounded concurrency, then the heap after GC.
     *
     * @param baselineLiveHeapBytes heap after a forced GC before the soak (idle, after a warm-up upload)
     * @param afterLiveHeapBytes    heap after a forced GC once the soak was over and the executor idle
     * @param maxLiveHeapBytes      highest heap after a forced GC during the soak
     */
    record Soak(
            int uploads,
            int users,
            int fileSizeKb,
            List<String> strategies,
            int gatlingExit,
            boolean serviceUp,
            int oomErrors,
            UploadOutcomes.Summary outcomes,
            Memory memory,
            long baselineLiveHeapBytes,
            long afterLiveHeapBytes,
            Long maxLiveHeapBytes,
            long seconds) {}

    /** The ceiling {@code row} measured at this size and users. */
    Optional<Ceiling> ceiling(String row, int fileSizeMb, int users) {
        return ceilings.stream()
                .filter(c -> c.row().equals(row) && c.fileSizeMb() == fileSizeMb && c.users() == users)
                .findFirst();
    }

    void write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), this);
    }

    /** The result as {@link #write} writes it, with a closing line break. */
    String json() throws IOException {
        return JSON.writeValueAsString(this) + "\n";
    }

    static StudyResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), StudyResult.class);
    }
}
