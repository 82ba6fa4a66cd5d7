package dev.iolab.bench.support;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a copy's source is read from: the {@code sourceCache} parameter of both copy benchmarks.
 *
 * <p>{@link #COLD} drops the source's pages from the page cache before every copy, untimed, so that the copy reads
 * the device, as a copy of a file nobody has read lately does. It uses {@link PageCache#drop} (one file, no root),
 * so the source must be clean: write it with {@link RandomFiles#writeSynced}. In a virtual machine the host may
 * still cache the disk image, so "cold" reads can be faster than the physical device.
 */
public enum SourceCache {

    /** The source stays in the page cache (written once per trial, read by every copy): no device reads. */
    WARM,

    /** The source's page cache is dropped before every copy ({@code posix_fadvise(POSIX_FADV_DONTNEED)}). */
    COLD;

    /**
     * Once per trial, after the source is written and forced: for {@link #COLD}, drops the source and checks that it
     * really left the page cache, so a run on a file system that keeps files in memory (tmpfs) fails at once
     * instead of measuring warm copies under a cold label.
     *
     * @throws IOException saying so when the pages stay cached
     */
    public void checkSupported(Path source) throws IOException {
        if (this == COLD) {
            PageCache.drop(source);
            PageCache.Residency residency = PageCache.residency(source);
            if (!residency.isEmpty()) {
                throw new IOException("sourceCache=COLD cannot work here: after posix_fadvise(POSIX_FADV_DONTNEED)"
                        + " the source " + source + " still has " + residency + "; its file system (tmpfs?)"
                        + " keeps files in memory. Point -jvmArgsAppend -Djava.io.tmpdir=DIR at a disk, or use"
                        + " sourceCache=WARM");
            }
        }
    }

    /** Before every copy, untimed: for {@link #COLD}, drops the source's pages from the page cache. */
    public void beforeCopy(Path source) throws IOException {
        if (this == COLD) {
            PageCache.drop(source);
        }
    }
}
