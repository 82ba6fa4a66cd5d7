package dev.iolab.upload.transfer.strategy;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * What an upload in flight really holds on the heap, per strategy: measured, not guessed.
 * <p>
 * Measured as live heap (after full collections) with 8 uploads held open mid-body, minus the same JVM's live heap
 * with none, divided by 8: {@code MemoryCostForkedJvmTest} does exactly that in a forked JVM ({@code -Xmx256m}, G1) for
 * every strategy, logs the figures, and fails when a declared cost is below what was measured, or far above it. To
 * re-measure after changing a strategy, the SDK or the HTTP client, run
 * {@code ./mvnw -pl upload-service test -Dtest=MemoryCostForkedJvmTest} and read the lines "Memory cost of ...";
 * {@code docs/upload-service.md} ("Memory costs") has the last figures and when they were taken.
 * <p>
 * Arrays of half a G1 region or more are humongous objects and take whole regions: a 4 MiB buffer takes five 1 MiB
 * regions. {@link #footprint} charges that, so the fixed buffers and the blocks of block uploads cost what they occupy.
 */
public final class MemoryCosts {

    private MemoryCosts() {}

    /**
     * Bytes a pushed body hands the HTTP client per chunk. Each chunk is one hand-off from the upload's thread to the
     * HTTP client's thread (Netty's event loop, OkHttp's call thread), so larger chunks cost the service less CPU per
     * upload (docs/results/upload-service-measurements.md, "what one hop costs"), and with {@link
     * #PUSH_PREFETCH} of 12 a slower store can leave as much queued as before ({@link #PUSH_WINDOW}), under 1 MiB per
     * upload with the request's own state.
     */
    static final int PUSH_CHUNK = 64 * 1024;

    /**
     * Most chunks an HTTP client asks for ahead of its writes: Reactor Netty's {@code
     * reactor.netty.send.maxPrefetchSize} (12 as the service sets it at start, Reactor Netty's own default 128); OkHttp
     * asks for one at a time. A store slower than the client can leave that many queued, so the budget charges the
     * larger of the two whichever client is configured.
     */
    static final int PUSH_PREFETCH = Integer.getInteger("reactor.netty.send.maxPrefetchSize", 128);

    /** What a store slower than the client can leave queued per pushed upload: 12 chunks of 64 KiB, 768 KiB. */
    static final long PUSH_WINDOW = (long) PUSH_CHUNK * PUSH_PREFETCH;

    /**
     * Heap of one pushed Put Blob besides its queued chunks and the strategy's buffer: the SDK's request and pipeline
     * state, the chunk being read and the one held back (2 × 64 KiB). Measured 163–169 KB with a store that keeps up
     * (on-demand, buffer-4k).
     */
    static final long PUSH_OVERHEAD = 192 * 1024;

    /** Heap of one upload in blocks besides its block and buffer (the stage requests' state). Measured 28 KB. */
    static final long BLOCK_OVERHEAD = 64 * 1024;

    /** Heap of a {@code temp-file} upload (copy buffer, then a Put Blob the OS sends from the file). Measured 40 KB. */
    static final long TEMP_FILE = 64 * 1024;

    /** Heap of an {@code in-memory} upload besides its chunks (chunk list, request state). Measured 140 KB. */
    public static final long IN_MEMORY_OVERHEAD = 192 * 1024;

    /** G1's region size in bytes, or 0 when another collector runs. */
    static final long G1_REGION = g1RegionSize();

    /** A pushed Put Blob streaming through the strategy's own buffer of {@code buffer} bytes (0: none). */
    static long pushed(long buffer) {
        return footprint(buffer) + PUSH_WINDOW + PUSH_OVERHEAD;
    }

    /** An upload staged in blocks of {@code blockSize} through the strategy's own buffer of {@code buffer} bytes. */
    static long blocks(long buffer, long blockSize) {
        return footprint(buffer) + footprint(blockSize) + BLOCK_OVERHEAD;
    }

    /**
     * Heap a byte array of {@code length} occupies: its length, or, when G1 makes it a humongous object (half a region
     * or more), the whole regions it takes.
     */
    static long footprint(long length) {
        long withHeader = length + 16;
        if (G1_REGION > 0 && withHeader >= G1_REGION / 2) {
            return Math.ceilDiv(withHeader, G1_REGION) * G1_REGION;
        }
        return length;
    }

    private static long g1RegionSize() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (!Boolean.parseBoolean(hotspot.getVMOption("UseG1GC").getValue())) {
                return 0;
            }
            return Long.parseLong(hotspot.getVMOption("G1HeapRegionSize").getValue());
        } catch (RuntimeException e) {
            return 0; // not HotSpot: arrays cost their length
        }
    }
}
