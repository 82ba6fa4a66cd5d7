package dev.iolab.bench.support;

import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One file's pages in Linux's page cache, through {@link Libc}: drop them ({@code posix_fadvise(POSIX_FADV_DONTNEED)})
 * and count them ({@code mincore} over a read-only mapping). Unlike {@code drop_caches} this touches only the one
 * file and needs no root, so it can run before every operation of a benchmark without disturbing anything else.
 *
 * <p>Limits: {@code DONTNEED} drops clean pages only (force the file first, e.g. {@link RandomFiles#writeSynced}),
 * and does nothing on file systems that keep files in memory (tmpfs): {@link #residency} tells. In a virtual
 * machine it empties the guest's cache only; the host may still hold the disk image's blocks in its own.
 */
public final class PageCache {

    private PageCache() {}

    /** Pages of a file and how many of them are cached. */
    public record Residency(long residentPages, long pages) {

        /** Whether no page of the file is cached. */
        public boolean isEmpty() {
            return residentPages == 0;
        }

        @Override
        public String toString() {
            return residentPages + " of " + pages + " pages cached";
        }
    }

    /**
     * Asks the kernel to drop {@code file}'s clean pages from the page cache, so that the next read comes from the
     * device.
     *
     * @throws IOException naming the file when it cannot be opened or the advice is refused
     */
    public static void drop(Path file) throws IOException {
        Libc.ensureAvailable();
        int fd = Libc.open(file.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
        try {
            Libc.posixFadvise(fd, 0, 0, Libc.POSIX_FADV_DONTNEED);
        } finally {
            Libc.close(fd);
        }
    }

    /** How many of {@code file}'s pages are in the page cache now (mapping a file does not read it in). */
    public static Residency residency(Path file) throws IOException {
        Libc.ensureAvailable();
        long pageSize = Libc.pageSize();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                Arena arena = Arena.ofConfined()) {
            long size = channel.size();
            long pages = (size + pageSize - 1) / pageSize;
            if (pages == 0) {
                return new Residency(0, 0);
            }
            MemorySegment mapping = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            MemorySegment vector = arena.allocate(pages);
            Libc.mincore(mapping, vector);
            long resident = 0;
            for (long page = 0; page < pages; page++) {
                resident += vector.get(ValueLayout.JAVA_BYTE, page) & 1;
            }
            return new Residency(resident, pages);
        }
    }
}
