package dev.iolab.bench.writebuffer;

import java.io.IOException;

/** What the file each {@link WriteBufferBenchmark} operation writes was before the operation. */
public enum Target {

    /**
     * Absent: the previous operation's file is unlinked before the next operation (untimed), so every operation
     * creates a new file, as the copy benchmarks do. The default: it times the writes, not the file system's handling
     * of a rewritten file.
     */
    FRESH {
        @Override
        void prepare(ScratchTarget target) throws IOException {
            target.remove();
        }
    },

    /**
     * The previous operation's complete file, which the next operation truncates on open and rewrites — what the
     * original benchmark did (Go's {@code os.Create} truncates). On ext4 with its default {@code auto_da_alloc},
     * closing a file that was truncated from a non-zero size starts its write-back at once (a guard against
     * zero-length files after a crash), so each operation also times the start of writing 1 MB to the device: the
     * effect that made the large buffers of the original slower than a whole copy into a fresh file.
     */
    TRUNCATE {
        @Override
        void prepare(ScratchTarget target) {
            // Nothing: the writer's O_TRUNC empties the previous file.
        }
    };

    /** Puts the target in this state before an operation; allocates nothing on the Java heap. */
    abstract void prepare(ScratchTarget target) throws IOException;
}
