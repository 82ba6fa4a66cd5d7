package dev.iolab.upload.download;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientShareProperties;
import dev.iolab.upload.client.ClientShares;
import dev.iolab.upload.web.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.Semaphore;
import org.springframework.stereotype.Component;

/**
 * Downloads' own capacity ({@code upload.download.max-concurrent}), apart from the uploads': a download streams on
 * its container thread and holds one chunk, so bounding how many stream at once bounds both. Beyond it a download is
 * refused at once with 503 {@code downloads-busy} and {@code Retry-After}, before the store is asked anything; a client
 * that streams its share of the slots already ({@code upload.client-share.downloads}), or streams some while only the
 * part kept for clients that stream none is free ({@code upload.client-share.reserved}), is refused with 429
 * {@code over-share} while others are served: four clients at a quarter each cannot leave a fifth without a slot. Gauge {@code iolab.download.active}, counter
 * {@code iolab.download.rejected}.
 */
@Component
class DownloadAdmission {

    private final int slots;
    private final Semaphore free;
    private final Counter rejected;
    private final ClientShares shares;

    DownloadAdmission(DownloadProperties properties, ClientShareProperties shares, MeterRegistry registry) {
        this.slots = properties.maxConcurrent();
        this.free = new Semaphore(slots);
        this.shares = shares.shares("download slots", slots, shares.downloads(), registry);
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
     * Takes a slot for {@code client} until the returned permit is closed.
     *
     * @throws ProblemException 503 {@code downloads-busy} when none is free
     * @throws dev.iolab.upload.web.ProblemException 429 over-share when the client holds its share of them
     */
    Permit enter(ClientKey client) {
        if (!free.tryAcquire()) {
            rejected.increment();
            throw new ProblemException(DownloadProblem.DOWNLOADS_BUSY, "all " + slots + " download slots are in use");
        }
        ClientShares.Hold share;
        try {
            share = shares.take(client);
        } catch (RuntimeException overShare) {
            free.release();
            throw overShare;
        }
        return () -> {
            share.close();
            free.release();
        };
    }

    /** A download slot, given back on close. */
    interface Permit extends AutoCloseable {

        @Override
        void close();
    }
}
