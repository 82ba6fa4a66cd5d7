package dev.iolab.jmh.plugin;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * JMH's machine-wide lock: a running JMH holds a file lock on {@code java.io.tmpdir/jmh.lock} and another JMH
 * refuses to start, because benchmarks running side by side disturb each other's figures.
 */
public final class JmhLock {

    /** What JMH prints when it cannot take the lock. */
    public static final String REFUSAL = "Unable to acquire the JMH lock";

    private JmhLock() {}

    public static Path file() {
        return Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /** Whether another process holds the lock now (a lock file that cannot be opened counts as free). */
    static boolean isHeld(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
