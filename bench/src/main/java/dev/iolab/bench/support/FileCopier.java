package dev.iolab.bench.support;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One way of copying a file: the strategy interface behind both copy experiments' rows ({@code CopyStrategy},
 * {@code CopyMethod}). Implementations are stateless (or keep per-thread buffers) and may be shared.
 */
public interface FileCopier {

    /**
     * Copies {@code source} to {@code target}, creating {@code target} or replacing its content, and returns the
     * number of bytes copied. Nothing is forced to disk: like {@code cp}, a copy is complete when the bytes are in
     * the page cache (the benchmarks' {@code sync} parameter forces it afterwards, the same way for every row).
     */
    long copy(Path source, Path target) throws IOException;
}
