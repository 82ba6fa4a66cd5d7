package dev.iolab.loadtest.study;

import dev.iolab.reporting.host.ProcessResources;
import dev.iolab.stack.HeapProbe;
import dev.iolab.stack.PrometheusText;
import dev.iolab.stack.UploadExecutor;
import dev.iolab.stack.UploadServiceProcess;
import java.io.IOException;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Watches the service during one Gatling run, on a thread of its own: every 0.5 s its metrics
 * ({@code /actuator/prometheus} through the stack's {@link PrometheusText}: heap used, JDK direct buffers, the upload
 * executor's active threads) and its resident set size ({@code /proc/<pid>/status}, through reporting's
 * {@link ProcessResources}); and a few times per run its live heap — a forced full GC through {@link HeapProbe} while
 * uploads are in flight.
 *
 * <p>When to force a GC: with {@code inFlightTarget > 0}, when at least that many uploads run on the executor (the
 * cell's uploads are in flight); with 0 (valet-key, whose bytes bypass the service), every {@code probeEvery} after
 * the first second. At most {@code maxProbes}, at least {@code probeEvery} apart: each GC pauses the service.
 */
final class MemorySampler implements AutoCloseable {

    private static final long SAMPLE_MILLIS = 500;
    private static final Map<String, String> HEAP = Map.of("area", "heap");
    private static final Map<String, String> DIRECT = Map.of("id", "direct");
    private static final ProcessResources PROCESSES = ProcessResources.local();

    private final UploadServiceProcess service;
    private final HeapProbe probe;
    private final int inFlightTarget;
    private final int maxProbes;
    private final long probeEveryMillis;
    private final Long idleLive;
    private final Thread thread;

    private volatile boolean running = true;
    private double peakHeap = Double.NaN;
    private double peakDirect = Double.NaN;
    private double peakRss = Double.NaN;
    private int samples;
    private Long maxLive;
    private Integer inFlightAtMaxLive;
    private int probes;

    private MemorySampler(
            UploadServiceProcess service, HeapProbe probe, int inFlightTarget, int maxProbes, long probeEveryMillis) {
        this.service = service;
        this.probe = probe;
        this.inFlightTarget = inFlightTarget;
        this.maxProbes = maxProbes;
        this.probeEveryMillis = probeEveryMillis;
        // With no probes asked for, no forced GC at all: after one right before the burst, G1 ran concurrent marking
        // cycles during it that cost the service about a tenth of its CPU per burst.
        this.idleLive = maxProbes > 0 ? probe.liveHeapBytes() : null;
        this.thread = Thread.ofPlatform().daemon().name("memory sampler").unstarted(this::loop);
    }

    /**
     * Measures the idle live heap now (a forced GC) when {@code maxProbes > 0} (nothing to subtract it from
     * otherwise), then starts sampling.
     */
    static MemorySampler start(
            UploadServiceProcess service, HeapProbe probe, int inFlightTarget, int maxProbes, long probeEveryMillis) {
        MemorySampler sampler = new MemorySampler(service, probe, inFlightTarget, maxProbes, probeEveryMillis);
        sampler.thread.start();
        return sampler;
    }

    private void loop() {
        long start = System.currentTimeMillis();
        long lastProbe = Long.MIN_VALUE / 2;
        while (running) {
            long now = System.currentTimeMillis();
            try {
                PrometheusText metrics = service.metrics();
                double active = UploadExecutor.active(metrics);
                synchronized (this) {
                    peakHeap = max(peakHeap, metrics.sum("jvm_memory_used_bytes", HEAP));
                    OptionalDouble direct = metrics.first("jvm_buffer_memory_used_bytes", DIRECT);
                    if (direct.isPresent()) {
                        peakDirect = max(peakDirect, direct.getAsDouble());
                    }
                    OptionalLong rss = PROCESSES.residentBytes(service.pid());
                    if (rss.isPresent()) {
                        peakRss = max(peakRss, rss.getAsLong());
                    }
                    samples++;
                }
                boolean due = probes < maxProbes && now - lastProbe >= probeEveryMillis;
                boolean inFlight = inFlightTarget > 0 ? active >= inFlightTarget : now - start >= 1000;
                if (running && due && inFlight) {
                    long live = probe.liveHeapBytes();
                    double activeAfter = UploadExecutor.active(service.metrics());
                    lastProbe = System.currentTimeMillis();
                    synchronized (this) {
                        probes++;
                        if (maxLive == null || live > maxLive) {
                            maxLive = live;
                            inFlightAtMaxLive = inFlightTarget > 0 ? (int) Math.min(active, activeAfter) : null;
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the service may be down or busy for a moment (or for good: the study checks its health after the
                // run); a missed sample is just a missed sample
            } catch (InterruptedException e) {
                return;
            }
            long sleep = SAMPLE_MILLIS - (System.currentTimeMillis() - now);
            if (sleep > 0) {
                try {
                    Thread.sleep(sleep);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Stops sampling and returns what was seen. */
    synchronized StudyResult.Memory result() {
        return new StudyResult.Memory(
                nullIfNaN(peakHeap),
                nullIfNaN(peakDirect),
                nullIfNaN(peakRss),
                samples,
                idleLive,
                maxLive,
                inFlightAtMaxLive,
                probes);
    }

    /** Highest live heap seen during the run, or null. */
    synchronized Long maxLive() {
        return maxLive;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(30_000);
        if (thread.isAlive()) {
            thread.interrupt();
            thread.join(10_000);
        }
    }

    private static double max(double current, double value) {
        if (Double.isNaN(value)) {
            return current;
        }
        return Double.isNaN(current) ? value : Math.max(current, value);
    }

    private static Double nullIfNaN(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
