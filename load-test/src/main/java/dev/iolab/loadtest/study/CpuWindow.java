package dev.iolab.loadtest.study;

import dev.iolab.reporting.host.HostFacts;
import dev.iolab.reporting.host.ProcessResources;
import java.util.function.DoubleSupplier;

/**
 * CPU seconds the client, the hop and storage use between {@link #start} and {@link #stop()}: each a reader of
 * cumulative CPU seconds ({@code /proc}, through reporting's host package or the stack's processes) read at both ends.
 * A reader that answers NaN at either end (its process exited) gives null, as does a missing one (no hop).
 */
final class CpuWindow {

    private static final HostFacts HOST = HostFacts.local();
    private static final ProcessResources PROCESSES = ProcessResources.local();

    private final DoubleSupplier client;
    private final DoubleSupplier hop;
    private final DoubleSupplier storage;
    private final double clientStart;
    private final double hopStart;
    private final double storageStart;

    private CpuWindow(DoubleSupplier client, DoubleSupplier hop, DoubleSupplier storage) {
        this.client = client;
        this.hop = hop;
        this.storage = storage;
        this.clientStart = read(client);
        this.hopStart = read(hop);
        this.storageStart = read(storage);
    }

    /** Reads the three now; {@code hop} may be null (no hop). */
    static CpuWindow start(DoubleSupplier client, DoubleSupplier hop, DoubleSupplier storage) {
        return new CpuWindow(client, hop, storage);
    }

    /** CPU seconds this JVM has used (all its threads): the client of the direct row, the SDK in this JVM. */
    static double thisJvm() {
        return HOST.processCpuSeconds(ProcessResources.self()).orElse(Double.NaN);
    }

    /**
     * CPU seconds of this JVM's children that have ended and been waited for: around a Gatling run (a child JVM),
     * what it used, read after it exited.
     */
    static double endedChildren() {
        return PROCESSES.reapedChildrenCpuSeconds(ProcessResources.self()).orElse(Double.NaN);
    }

    /** What each used since {@link #start}. */
    StudyResult.Cpu stop() {
        return new StudyResult.Cpu(delta(client, clientStart), delta(hop, hopStart), delta(storage, storageStart));
    }

    private static double read(DoubleSupplier reader) {
        return reader == null ? Double.NaN : reader.getAsDouble();
    }

    private static Double delta(DoubleSupplier reader, double start) {
        double end = read(reader);
        return Double.isNaN(start) || Double.isNaN(end) ? null : Math.max(0, end - start);
    }
}
