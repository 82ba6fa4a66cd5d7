package dev.iolab.bench.walk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * Empties Linux's page cache, dentry and inode caches so the next walk reads from the device: {@code sync} (so
 * dirty pages can be dropped) then {@code 3} written to {@code /proc/sys/vm/drop_caches}. Only root may do this, and
 * it slows every other process on the machine for a moment.
 */
final class PageCacheDropper {

    static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

    private final Path control;
    private final boolean sync;

    PageCacheDropper() {
        this(DROP_CACHES, true);
    }

    /** For tests: write to {@code control} instead, optionally without running {@code sync}. */
    PageCacheDropper(Path control, boolean sync) {
        this.control = control;
        this.sync = sync;
    }

    /**
     * Drops the caches.
     *
     * @throws WalkException saying that cold runs are unavailable, and why, when this process may not do it
     */
    void drop() {
        if (sync) {
            runSync();
        }
        try {
            Files.writeString(control, "3\n", StandardCharsets.US_ASCII, StandardOpenOption.WRITE);
        } catch (IOException | SecurityException e) {
            throw new WalkException(
                    "Cold-cache runs are unavailable here: cannot write " + control + " (" + e
                            + "); it takes root on Linux, outside a read-only /proc. Use cache=WARM.",
                    e);
        }
    }

    private static void runSync() {
        try {
            Process process = new ProcessBuilder("sync").inheritIO().start();
            if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroy();
                throw new WalkException("sync did not finish cleanly before dropping caches");
            }
        } catch (IOException e) {
            throw new WalkException(
                    "Cold-cache runs are unavailable here: cannot run sync (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WalkException("Interrupted while running sync", e);
        }
    }
}
