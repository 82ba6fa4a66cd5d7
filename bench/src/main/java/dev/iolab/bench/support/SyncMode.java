package dev.iolab.bench.support;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Whether a copy must be on the device before its operation ends: the {@code sync} parameter of both copy
 * benchmarks. The same step follows every row, Java or native, so that rows differ only in how they copied.
 */
public enum SyncMode {

    /**
     * Nothing is forced, as {@code cp} does: the copy is complete when its bytes are in the page cache. Measures the
     * copy's CPU and system-call cost; the device is written later, outside the measurement (or never: the
     * benchmarks delete each copy before the next, and dirty pages of a deleted file are dropped unwritten).
     */
    NONE,

    /**
     * The copy is forced to the device with {@code fsync(2)} ({@code FileChannel.force(true)} on the finished copy,
     * reopened read-only: Linux flushes a file's dirty pages whichever descriptor asks) before the operation ends,
     * inside the measurement: what a copy that must survive a crash costs, bounded by the device's write speed.
     */
    FSYNC;

    /**
     * Completes one copy: nothing for {@link #NONE}; for {@link #FSYNC}, returns once {@code copy}'s data and
     * metadata are on the device.
     *
     * @throws IOException naming the file when it cannot be opened or forced
     */
    public void complete(Path copy) throws IOException {
        if (this == FSYNC) {
            try (FileChannel channel = FileChannel.open(copy, StandardOpenOption.READ)) {
                channel.force(true);
            }
        }
    }
}
