package dev.iolab.bench.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Dirty pages of a file, from the kernel's page flags: the file is mapped read-only and each page touched (which
 * reads nothing new: the pages are cached), its physical frame looked up in {@code /proc/self/pagemap} and its
 * {@code KPF_DIRTY} bit read from {@code /proc/kpageflags}. A dirty page has not reached the device yet; after an
 * {@code fsync} of the file none may be dirty. Needs root (otherwise the kernel hides frame numbers).
 */
final class PageFlags {

    static final Path PAGEMAP = Path.of("/proc/self/pagemap");
    static final Path KPAGEFLAGS = Path.of("/proc/kpageflags");

    private static final int PAGE = 4096;
    private static final long PRESENT = 1L << 63;
    private static final long FRAME_MASK = (1L << 55) - 1;
    private static final long KPF_DIRTY = 1L << 4;

    private PageFlags() {}

    /** Skips the calling test unless this process can read frame numbers and page flags. */
    static void assumeAvailable() {
        assumeTrue(
                Files.isReadable(KPAGEFLAGS) && "root".equals(System.getProperty("user.name")),
                "needs root on Linux to read /proc/self/pagemap frame numbers and /proc/kpageflags");
    }

    /** Pages of {@code file} whose data has not been written to the device yet. */
    static long dirtyPages(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                FileChannel pagemap = FileChannel.open(PAGEMAP, StandardOpenOption.READ);
                FileChannel flags = FileChannel.open(KPAGEFLAGS, StandardOpenOption.READ);
                Arena arena = Arena.ofConfined()) {
            long size = channel.size();
            if (size == 0) {
                return 0;
            }
            MemorySegment mapping = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            ByteBuffer entry = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.nativeOrder());
            long dirty = 0;
            for (long offset = 0; offset < size; offset += PAGE) {
                mapping.get(ValueLayout.JAVA_BYTE, offset); // map the page in, so pagemap knows its frame
                long virtualPage = (mapping.address() + offset) / PAGE;
                long pageEntry = readLong(pagemap, virtualPage * Long.BYTES, entry);
                if ((pageEntry & PRESENT) == 0 || (pageEntry & FRAME_MASK) == 0) {
                    throw new IOException("No frame number for page " + offset / PAGE + " of " + file + " in " + PAGEMAP
                            + " (not root?)");
                }
                long frame = pageEntry & FRAME_MASK;
                if ((readLong(flags, frame * Long.BYTES, entry) & KPF_DIRTY) != 0) {
                    dirty++;
                }
            }
            return dirty;
        }
    }

    private static long readLong(FileChannel channel, long position, ByteBuffer entry) throws IOException {
        entry.clear();
        while (entry.hasRemaining()) {
            if (channel.read(entry, position + entry.position()) < 0) {
                throw new IOException("Short read at " + position);
            }
        }
        return entry.getLong(0);
    }
}
