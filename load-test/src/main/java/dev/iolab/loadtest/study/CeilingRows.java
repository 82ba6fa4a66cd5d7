package dev.iolab.loadtest.study;

import dev.iolab.loadtest.RandomUploadFile;
import dev.iolab.stack.AzuriteAccount;
import dev.iolab.stack.NginxProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apache.commons.io.function.IOConsumer;

/**
 * The study's ceiling rows, each load (size × users) measured against the first stack's Azurite with nothing else
 * running: {@code direct} (the Azure SDK alone, from as many threads as the service's executor), {@code storage} (the
 * users {@code PUT} straight to Azurite with a SAS) and {@code nginx} (the same through nginx, the cheapest hop). What
 * the service's cells are set beside.
 */
final class CeilingRows {

    private static final long MIB = 1024 * 1024;

    /**
     * File size of a ceiling's warm-up bursts, MiB, whatever {@code --warm-up-size} says for the service's: they warm
     * Azurite (and nginx), which run the same code for 1 MiB as for 10, and leave an in-memory Azurite nearly empty for
     * the timed burst (it slows down as it fills). Each Gatling run is a new JVM, warmed by nothing before it.
     */
    static final int WARM_UP_MB = 1;

    private final StudyOptions options;
    private final Path runDir;
    private final int executorThreads;
    private final int capacity;
    private final IOConsumer<StudyResult.Ceiling> measured;

    /**
     * @param executorThreads the service's upload executor: the {@code direct} row uploads from as many threads
     * @param capacity the service's executor threads plus its queue: the {@code direct} row uploads at most as many
     *     files at once
     * @param measured takes each row as it is measured (the study records it and writes its data file)
     */
    CeilingRows(
            StudyOptions options,
            Path runDir,
            int executorThreads,
            int capacity,
            IOConsumer<StudyResult.Ceiling> measured) {
        this.options = options;
        this.runDir = runDir;
        this.executorThreads = executorThreads;
        this.capacity = capacity;
        this.measured = measured;
    }

    /** One ceiling's measurement with files of {@code sizeMb}, its Gatling results (if any) in {@code dir}. */
    @FunctionalInterface
    interface Run {
        StudyResult.Ceiling run(Path dir, int sizeMb) throws Exception;
    }

    /**
     * The rows asked for, per load, each with its warm-ups on an empty Azurite and its timed run on one that holds only
     * its last warm-up's bytes ({@link #warmedUp}).
     */
    void measure(StudyStack stack) throws Exception {
        if (!options.direct() && !options.storage() && !options.nginx()) {
            return;
        }
        NginxProcess nginx = options.nginx()
                ? NginxProcess.start(
                        runDir.resolve("nginx"), "127.0.0.1:" + stack.azurite().port())
                : null;
        try {
            for (List<Integer> load : options.loads()) {
                if (options.direct()) {
                    direct(stack, load.get(0), load.get(1));
                }
                if (options.storage()) {
                    throughAzurite(stack, StudyResult.Ceiling.STORAGE, null, load.get(0), load.get(1));
                }
                if (nginx != null) {
                    throughAzurite(stack, StudyResult.Ceiling.NGINX, nginx, load.get(0), load.get(1));
                }
            }
        } finally {
            if (nginx != null) {
                nginx.close();
            }
        }
    }

    /** The users' {@code PUT}s of the storage row ({@code nginx} null) or the nginx row, to {@code stack}'s Azurite. */
    static Run sasPut(StudyStack stack, NginxProcess nginx, String row, int users, Duration timeout) {
        return (dir, mb) -> SasPutCeiling.run(
                row,
                stack.azurite().connectionString(),
                nginx == null ? stack.azurite().blobEndpoint() : AzuriteAccount.blobEndpoint("127.0.0.1", nginx.port()),
                mb,
                users,
                nginx == null ? null : nginx::cpuSeconds,
                stack::azuriteCpuSeconds,
                dir,
                timeout);
    }

    /** The direct row: the SDK alone, min(users, capacity) uploads from as many threads as the service's executor. */
    private void direct(StudyStack stack, int size, int users) throws Exception {
        stack.freshAzurite();
        int uploads = Math.min(users, capacity);
        progress(
                StudyResult.Ceiling.DIRECT,
                size,
                users,
                uploads + " uploads, the SDK alone from " + executorThreads + " threads");
        done(warmedUp(stack, size, null, (dir, mb) -> {
            try (RandomUploadFile file = RandomUploadFile.create(mb * MIB, 20251122L)) {
                return DirectUpload.run(
                        stack.azurite().connectionString(),
                        "study-direct",
                        file.path(),
                        mb,
                        users,
                        uploads,
                        executorThreads,
                        CpuWindow::thisJvm,
                        stack::azuriteCpuSeconds);
            }
        }));
    }

    /** The storage row (the users PUT straight to Azurite, {@code nginx} null) or the nginx row (through nginx). */
    private void throughAzurite(StudyStack stack, String row, NginxProcess nginx, int size, int users)
            throws Exception {
        stack.freshAzurite();
        progress(
                row,
                size,
                users,
                users + (nginx == null ? " users PUT straight to Azurite" : " users PUT through nginx"));
        Run put = sasPut(stack, nginx, row, users, Duration.ofSeconds(options.cellTimeoutSeconds()));
        done(warmedUp(stack, size, runDir.resolve("ceilings/" + row + "-" + size + "m-" + users + "u"), put));
    }

    /**
     * The ceiling at {@code sizeMb}, after the same burst untimed with {@value #WARM_UP_MB} MiB
     * files as many times as {@code --warm-up} says (their results in {@code dir/warm-up-<n>}). Azurite is restarted
     * empty before the last of them, so that the timed run meets an Azurite that holds one warm-up's bytes, as each
     * burst of a pair does (an in-memory Azurite pays more CPU per GB as it fills); the warm-ups before it warm the
     * client (the SDK in this JVM for {@code direct}).
     */
    private StudyResult.Ceiling warmedUp(StudyStack stack, int sizeMb, Path dir, Run run) throws Exception {
        for (int n = 1; n <= options.warmUpBursts(); n++) {
            if (n > 1 && n == options.warmUpBursts()) {
                stack.freshAzurite();
            }
            run.run(dir == null ? null : dir.resolve("warm-up-" + n), Math.min(sizeMb, WARM_UP_MB));
        }
        return run.run(dir, sizeMb);
    }

    private static void progress(String row, int size, int users, String what) {
        System.out.printf(Locale.ROOT, "[%-7s] %4d MB x %3d users: %s ... ", row, size, users, what);
    }

    private void done(StudyResult.Ceiling c) throws IOException {
        System.out.printf(
                Locale.ROOT,
                "%.1f s, %.1f MiB/s, %d failed; CPU s client %s, hop %s, Azurite %s%n",
                c.spanSeconds(),
                c.throughputMibPerSecond() == null ? Double.NaN : c.throughputMibPerSecond(),
                c.failed(),
                seconds(c.cpu().client()),
                seconds(c.cpu().hop()),
                seconds(c.cpu().storage()));
        measured.accept(c);
    }

    private static String seconds(Double s) {
        return s == null ? "–" : String.format(Locale.ROOT, "%.1f", s);
    }
}
