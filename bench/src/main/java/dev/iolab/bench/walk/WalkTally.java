package dev.iolab.bench.walk;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/** Thread-safe running totals of one walk; every walker feeds one and returns {@link #result()}. */
final class WalkTally {

    /** Errors kept verbatim; the rest are only counted. */
    static final int MAX_ERROR_SAMPLES = 10;

    private final LongAdder bytes = new LongAdder();
    private final LongAdder files = new LongAdder();
    private final LongAdder directories = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final List<String> errorSamples = new ArrayList<>();

    void file(long size) {
        files.increment();
        bytes.add(size);
    }

    /** Adds a directory's worth of regular files at once, so walkers touch the shared counters once per directory. */
    void files(long count, long size) {
        if (count != 0) {
            files.add(count);
            bytes.add(size);
        }
    }

    void directory() {
        directories.increment();
    }

    void error(Path path, Exception cause) {
        errors.increment();
        synchronized (errorSamples) {
            if (errorSamples.size() < MAX_ERROR_SAMPLES) {
                errorSamples.add(path + ": " + describe(cause));
            }
        }
    }

    WalkResult result() {
        synchronized (errorSamples) {
            return new WalkResult(bytes.sum(), files.sum(), directories.sum(), errors.sum(), errorSamples);
        }
    }

    private static String describe(Exception cause) {
        String reason = cause.getClass().getSimpleName();
        String message = cause.getMessage();
        return message == null ? reason : reason + " (" + message + ")";
    }
}
