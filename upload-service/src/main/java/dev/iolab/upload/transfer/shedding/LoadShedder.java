package dev.iolab.upload.transfer.shedding;

import dev.iolab.upload.transfer.admission.Admission;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Cuts the slowest uploads when the upload threads run short. Every {@code upload.shedding.interval} it samples each
 * body being read ({@link Watch}, one per upload thread) and, while at least {@code pressure} of the threads run
 * uploads, marks the slowest bodies below {@code below-rate} over the last {@code window} as cut ({@link
 * SlowestFirst}), as many as it takes to bring the running uploads below the pressure. A cut body fails at its next
 * read with 408 {@code body-too-slow} (the body's decorator asks {@link Watch#cut()} before each read), its thread is
 * free and the next upload in line runs.
 * <p>
 * Why: shares and their reserve keep a few clients from holding every thread, but enough clients, each trickling just
 * above the minimum rate, still can, for the longest an upload may take; under pressure those trickles are what is
 * worth least, and an upload that keeps a normal pace is never cut. A body that waits silently inside one read is cut
 * once that read returns: when its client sends, or at its own deadline (the minimum rate, the longest duration).
 * Counter {@code iolab.upload.shed}.
 */
@Component
public final class LoadShedder implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(LoadShedder.class);

    private final SheddingProperties properties;
    private final IntSupplier running;
    private final int threads;
    private final Counter shed;
    private final Map<Thread, Watch> watches = new ConcurrentHashMap<>();
    private final ScheduledExecutorService scheduler;

    @Autowired
    LoadShedder(SheddingProperties properties, Admission uploadAdmission, MeterRegistry registry) {
        this(properties, uploadAdmission::running, uploadAdmission.threads(), registry);
    }

    /**
     * @param running how many uploads run now
     * @param threads the upload threads
     */
    public LoadShedder(SheddingProperties properties, IntSupplier running, int threads, MeterRegistry registry) {
        this.properties = properties;
        this.running = running;
        this.threads = threads;
        this.shed = Counter.builder("iolab.upload.shed")
                .description("Uploads cut under pressure because their bodies came far slower than a normal client's")
                .baseUnit("uploads")
                .register(registry);
        if (properties.enabled()) {
            scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "upload-shedder");
                thread.setDaemon(true);
                return thread;
            });
            long interval = properties.interval().toMillis();
            scheduler.scheduleWithFixedDelay(this::tick, interval, interval, TimeUnit.MILLISECONDS);
        } else {
            scheduler = null;
        }
    }

    /**
     * Starts watching the body the calling upload thread reads now; it replaces what this thread watched before (a
     * body that ended without being closed is forgotten that way).
     */
    public Watch watch() {
        Thread reader = Thread.currentThread();
        Watch watch = new Watch(reader, properties.window().toNanos());
        watches.put(reader, watch);
        return watch;
    }

    private void tick() {
        try {
            shed(System.nanoTime());
        } catch (RuntimeException e) {
            log.warn("Looking for slow uploads to cut failed: {}", e.toString());
        }
    }

    /**
     * Samples every body at {@code nanos} ({@link System#nanoTime()}) and cuts the slowest when under pressure; its
     * schedule calls it, tests drive it by hand.
     *
     * @return the bodies it cut now, slowest first
     */
    public List<Watch> shed(long nanos) {
        List<SlowestFirst.Candidate<Watch>> waiting = new ArrayList<>();
        int cutStillWaiting = 0;
        for (Watch watch : watches.values()) {
            watch.rate.sample(nanos, watch.count);
            if (watch.cut != null) {
                cutStillWaiting += watch.waiting ? 1 : 0;
            } else if (watch.waiting) {
                waiting.add(new SlowestFirst.Candidate<>(watch, watch.rate.bytesPerSecond()));
            }
        }
        int threshold = properties.threshold(threads);
        int running = this.running.getAsInt() - cutStillWaiting;
        double belowRate = properties.belowRate().toBytes();
        List<Watch> chosen = SlowestFirst.choose(waiting, running, threshold, belowRate);
        for (Watch watch : chosen) {
            long rate = Math.round(watch.rate.bytesPerSecond());
            watch.cut = "the service is busy (" + running + " of " + threads + " upload threads running) and this"
                    + " upload's body came at " + rate + " bytes/s over the last "
                    + properties.window().toSeconds()
                    + " s; under load an upload slower than " + (long) belowRate + " bytes/s is cut first";
            shed.increment();
            log.info("Cut an upload at {} bytes/s: {} of {} upload threads running", rate, running, threads);
        }
        return chosen;
    }

    @Override
    public void destroy() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    /**
     * One body as its upload thread reads it: the reader tells it when a read starts and ends and how many bytes it
     * has read; the shedder samples it and may mark it cut.
     */
    public final class Watch {

        private final Thread reader;
        private final RecentRate rate;
        private volatile long count;
        private volatile boolean waiting;
        private volatile String cut;

        private Watch(Thread reader, long windowNanos) {
            this.reader = reader;
            this.rate = new RecentRate(windowNanos);
        }

        /** A read starts: the body waits for its client's bytes until {@link #readEnded}. */
        public void readStarts() {
            waiting = true;
        }

        /** A read ended, {@code count} bytes read in all so far. */
        public void readEnded(long count) {
            this.count = count;
            waiting = false;
        }

        /** Why the upload was cut, for its answer's detail; null while it is not. */
        public String cut() {
            return cut;
        }

        /** The body is over (end of stream, a failure, closed): no longer watched. */
        public void close() {
            waiting = false;
            watches.remove(reader, this);
        }
    }
}
