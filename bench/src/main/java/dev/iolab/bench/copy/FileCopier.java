package dev.iolab.bench.copy;

import java.io.IOException;
import java.nio.file.Path;

/** One way of copying a file: what each {@link CopyStrategy} delegates to. Implementations may be shared. */
interface FileCopier {

    /**
     * Copies {@code source} to {@code target} (created or truncated) and returns the number of bytes copied. Nothing
     * is forced to disk; {@link CopyBenchmark}'s {@code sync} parameter does that, the same way for every strategy.
     */
    long copy(Path source, Path target) throws IOException;
}
