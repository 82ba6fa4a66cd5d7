package dev.iolab.bench.nativetools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the native tools timed of "cold" reads for a run, for the sections that report beside published figures: in a
 * virtual machine, dropping the page cache empties the guest's cache only, and the host's cache serves the read.
 */
public final class ColdReads {

    private ColdReads() {}

    /**
     * The rate at which this machine read the run's largest copy source "cold" (its page cache dropped), in bytes per
     * second, when the native tools timed it for the results in {@code resultFile}.
     *
     * @throws IOException if the native tools' record exists but cannot be read
     */
    public static Optional<Double> rate(Path resultFile) throws IOException {
        return NativeToolsRecord.readFor(resultFile)
                .flatMap(r -> r.timings().stream()
                        .filter(t -> t.task().startsWith(NativeTools.COLD_READ) && t.present())
                        .filter(t -> t.bestSeconds() > 0)
                        .findFirst()
                        .map(t -> r.copyBytes() / t.bestSeconds()));
    }

    /** Where the native tools' record of {@code resultFile}'s run is kept, for error messages. */
    public static Path recordFor(Path resultFile) {
        return NativeToolsRecord.fileFor(resultFile);
    }
}
