package dev.iolab.loadtest.study;

import dev.iolab.reporting.host.HostFacts;
import dev.iolab.reporting.host.ProcessResources;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.ToDoubleFunction;

/**
 * CPU seconds the client, the hop and storage use during one burst: each a reader of cumulative CPU seconds ({@code
 * /proc}, through reporting's host package or the stack's processes). A reader that answers NaN (its process exited)
 * gives null, as does a missing one (no hop).
 *
 * <p>The client is read at {@link #start} and {@link #stop()}. The hop and storage are also sampled every {@value
 * #SAMPLE_MILLIS} ms on a thread of this window's own, so that {@link #within} can give what they used between the
 * burst's first request and its last answer (interpolated between the samples either side): a Gatling run's JVM
 * start-up and report, and the idle seconds around the burst, are then no process's CPU. Reading {@code /proc} every
 * {@value #SAMPLE_MILLIS} ms costs this JVM, not the processes measured.
 */
final class CpuWindow implements AutoCloseable {

    static final long SAMPLE_MILLIS = 50;

    private static final HostFacts HOST = HostFacts.local();
    private static final ProcessResources PROCESSES = ProcessResources.local();

    private final DoubleSupplier client;
    private final DoubleSupplier hop;
    private final DoubleSupplier storage;
    private final double clientStart;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean running = true;
    private StudyResult.Cpu whole;

    /** Cumulative CPU seconds of the hop and storage (NaN where unknown) at epoch millisecond {@code atMs}. */
    record Sample(long atMs, double hop, double storage) {}

    private CpuWindow(DoubleSupplier client, DoubleSupplier hop, DoubleSupplier storage) {
        this.client = client;
        this.hop = hop;
        this.storage = storage;
        this.clientStart = read(client);
        sample();
        this.sampler = Thread.ofPlatform().daemon().name("cpu window").start(this::loop);
    }

    /** Reads the three now and starts sampling the hop and storage; {@code hop} may be null (no hop). */
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

    /** Stops sampling; what each used from {@link #start} to now. */
    StudyResult.Cpu stop() {
        if (whole == null) {
            close();
            sample();
            Sample first = firstSample();
            Sample last = lastSample();
            whole = new StudyResult.Cpu(
                    delta(clientStart, read(client)),
                    delta(first.hop(), last.hop()),
                    delta(first.storage(), last.storage()));
        }
        return whole;
    }

    /**
     * After {@link #stop()}: the client as {@link #stop()} gave it, the hop and storage from epoch millisecond {@code
     * fromMs} to {@code toMs}, each bound clamped to the window.
     */
    StudyResult.Cpu within(long fromMs, long toMs) {
        StudyResult.Cpu all = stop();
        synchronized (samples) {
            return new StudyResult.Cpu(
                    all.client(),
                    delta(at(fromMs, Sample::hop), at(toMs, Sample::hop)),
                    delta(at(fromMs, Sample::storage), at(toMs, Sample::storage)));
        }
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
        try {
            sampler.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        while (running) {
            try {
                Thread.sleep(SAMPLE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            sample();
        }
    }

    private void sample() {
        Sample s = new Sample(System.currentTimeMillis(), read(hop), read(storage));
        synchronized (samples) {
            samples.add(s);
        }
    }

    private Sample firstSample() {
        synchronized (samples) {
            return samples.getFirst();
        }
    }

    private Sample lastSample() {
        synchronized (samples) {
            return samples.getLast();
        }
    }

    /** The reading at {@code atMs}, linear between the samples either side; the first or last outside them. */
    private double at(long atMs, ToDoubleFunction<Sample> reading) {
        return interpolate(samples, atMs, reading);
    }

    static double interpolate(List<Sample> samples, long atMs, ToDoubleFunction<Sample> reading) {
        Sample before = samples.getFirst();
        if (atMs <= before.atMs()) {
            return reading.applyAsDouble(before);
        }
        for (Sample after : samples) {
            if (after.atMs() >= atMs) {
                double b = reading.applyAsDouble(before);
                double a = reading.applyAsDouble(after);
                long span = after.atMs() - before.atMs();
                return span == 0 ? a : b + (a - b) * (atMs - before.atMs()) / span;
            }
            before = after;
        }
        return reading.applyAsDouble(samples.getLast());
    }

    private static double read(DoubleSupplier reader) {
        return reader == null ? Double.NaN : reader.getAsDouble();
    }

    private static Double delta(double start, double end) {
        return Double.isNaN(start) || Double.isNaN(end) ? null : Math.max(0, end - start);
    }
}
