package dev.iolab.upload.download;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Semaphore;
import org.springframework.stereotype.Component;

/**
 * Downloads' own capacity ({@code upload.download.max-concurrent}), apart from the uploads': a download streams on
 * its container thread and holds one chunk, so bounding how many stream at once bounds both. Beyond it a download is
 * refused at once with 503 {@code downloads-busy} and {@code Retry-After}, before the store is asked anything. Gauge
 * {@code iolab.download.active}, counter {@code iolab.download.rejected}.
 */
@Component
class DownloadAdmission {

    private final int slots;
    private final Semaphore free;
    private final Counter rejected;

    DownloadAdmission(DownloadProperties properties, MeterRegistry registry) {
        this.slots = properties.maxConcurrent();
        this.free = new Semaphore(slots);
        Gauge.builder("iolab.download.active", free, s -> slots - s.availablePermits())
                .description("Downloads streaming now")
                .baseUnit("downloads")
                .register(registry);
        this.rejected = Counter.builder("iolab.download.rejected")
                .description("Downloads refused because every download slot was in use")
                .baseUnit("downloads")
                .register(registry);
    }

    /**
     * Takes a slot until the returned permit is closed.
     *
     * @throws DownloadException.Busy when none is free
     */
    Permit enter() {
        if (!free.tryAcquire()) {
            rejected.increment();
            throw new DownloadException.Busy(slots);
        }
        return free::release;
    }

    /** A download slot, given back on close. */
    interface Permit extends AutoCloseable {

        @Override
        void close();
    }
}
