package dev.iolab.loadtest.study;

import java.util.function.DoubleSupplier;

/**
 * CPU seconds the client, the hop and storage use between {@link #start} and {@link #stop()}: each a reader of
 * cumulative CPU seconds ({@code dev.iolab.stack.ProcFs}) read at both ends. A reader that answers NaN at either end
 * (its process exited) gives null, as does a missing one (no hop).
 */
final class CpuWindow {

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
