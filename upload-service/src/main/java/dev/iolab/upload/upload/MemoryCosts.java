package dev.iolab.upload.upload;

/**
 * What an upload in flight really holds on the heap, per strategy: measured, not guessed.
 * <p>
 * Measured as live heap (after a forced full GC) with N uploads held open mid-body, minus the same JVM's live heap
 * with none, divided by N — {@code MemoryCostForkedJvmTest} does exactly that in a forked JVM for every strategy and
 * fails when a declared cost is below what was measured, or far above it. To re-measure after changing a strategy,
 * the SDK or the HTTP client, run {@code ./mvnw -pl upload-service test -Dtest=MemoryCostForkedJvmTest} and read the
 * per-strategy figures it logs; docs/upload-service.md has the last ones and when they were taken.
 * <p>
 * The figures: see {@code docs/upload-service.md}, "Memory costs".
 */
final class MemoryCosts {

    private MemoryCosts() {}

    /** Bytes a pushed body hands the HTTP client per chunk. */
    static final int PUSH_CHUNK = 8 * 1024;

    /**
     * Most chunks the HTTP client (Reactor Netty) asks for ahead of its writes ({@code
     * reactor.netty.send.maxPrefetchSize}, default 128): a store slower than the client fills that many.
     */
    static final int PUSH_PREFETCH = Integer.getInteger("reactor.netty.send.maxPrefetchSize", 128);

    /** Chunks that can be queued for the store when it is slower than the client: {@value #PUSH_CHUNK} × 128. */
    static final long PUSH_WINDOW = (long) PUSH_CHUNK * PUSH_PREFETCH;

    /**
     * Heap of one pushed Put Blob besides its queued chunks (the SDK's request and pipeline state, the chunk being
     * read and the one held back, the MD5 state), measured.
     */
    static final long PUSH_OVERHEAD = 64 * 1024;

    /** Heap of one upload in blocks besides its block buffer (the stage requests' state), measured. */
    static final long BLOCK_OVERHEAD = 64 * 1024;

    /** Heap of a {@code temp-file} upload (copy buffer, then the SDK's file Put Blob, which the OS sends), measured. */
    static final long TEMP_FILE = 64 * 1024;

    /** Heap of an {@code in-memory} upload besides its bytes (chunk list, the Put Blob's state), measured. */
    static final long IN_MEMORY_OVERHEAD = 64 * 1024;

    /** A pushed Put Blob streaming through the strategy's own buffer of {@code buffer} bytes (0: none). */
    static long pushed(long buffer) {
        return buffer + PUSH_WINDOW + PUSH_OVERHEAD;
    }

    /** An upload staged in blocks of {@code blockSize} through the strategy's own buffer of {@code buffer} bytes. */
    static long blocks(long buffer, long blockSize) {
        return buffer + blockSize + BLOCK_OVERHEAD;
    }
}
