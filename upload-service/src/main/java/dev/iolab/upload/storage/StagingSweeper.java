package dev.iolab.upload.storage;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * Deletes staging blobs older than {@code upload.azure.staging-max-age} (uploads cut off by a crash, markers of long
 * expired grants), and blobs whose names carry limits they break — a valet-key upload larger than its grant, a grant
 * expired more than {@code upload.azure.staging-expiry-grace} ago — once at start and then every {@code
 * upload.azure.staging-sweep-interval}, on a daemon thread of its own. Blocks staged and never committed count as
 * blobs here: a grant's uncommitted blocks go with its blob ({@link StagingArea#sweep}). Every replica sweeps; deleting
 * what another replica deleted first is harmless. A failed sweep is logged and tried again next time.
 */
public class StagingSweeper implements InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(StagingSweeper.class);

    private final StagingArea staging;
    private final Duration maxAge;
    private final Duration interval;
    private final Duration grace;
    private final Clock clock;
    private ScheduledExecutorService scheduler;

    StagingSweeper(StagingArea staging, Duration maxAge, Duration interval, Duration grace, Clock clock) {
        this.staging = staging;
        this.maxAge = maxAge;
        this.interval = interval;
        this.grace = grace;
        this.clock = clock;
    }

    /** Staging blobs older than this are deleted, whatever they are. */
    public Duration maxAge() {
        return maxAge;
    }

    /** How long after its expiry a blob whose name carries limits is kept. */
    public Duration grace() {
        return grace;
    }

    /** Deletes what is too old, too large or expired now; returns how many blobs. */
    public int sweep() {
        try {
            Instant now = clock.instant();
            int deleted = staging.sweep(now, now.minus(maxAge), grace);
            if (deleted > 0) {
                log.info("Deleted {} staging blobs (older than {}, larger than granted, or expired)", deleted, maxAge);
            }
            return deleted;
        } catch (RuntimeException e) {
            log.warn("Sweeping the staging container failed: {}", e.getMessage());
            return 0;
        }
    }

    @Override
    public void afterPropertiesSet() {
        long period = Math.max(100, interval.toMillis());
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "staging-sweeper");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleWithFixedDelay(this::sweep, 0, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public void destroy() {
        scheduler.shutdownNow();
    }
}
