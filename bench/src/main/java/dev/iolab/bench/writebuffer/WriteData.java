package dev.iolab.bench.writebuffer;

import dev.iolab.bench.support.RandomFiles;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The bytes every {@link WriteBufferBenchmark} operation writes, in a Java array for {@code FileOutputStream} and
 * in native memory for the libc row: the same pseudo-random bytes from a fixed seed.
 */
record WriteData(byte[] heap, MemorySegment offHeap) {

    /** {@code length} bytes from {@link RandomFiles#bytes} with {@code seed}, copied into {@code arena}. */
    static WriteData of(int length, long seed, Arena arena) {
        byte[] heap = RandomFiles.bytes(length, seed);
        MemorySegment offHeap = arena.allocate(length, 4096);
        MemorySegment.copy(MemorySegment.ofArray(heap), 0, offHeap, 0, length);
        return new WriteData(heap, offHeap);
    }
}
