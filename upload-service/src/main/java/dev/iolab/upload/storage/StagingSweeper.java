package dev.iolab.upload.storage;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * Deletes staging blobs older than {@code upload.azure.staging-max-age} (abandoned valet-key grants, uploads cut off
 * by a crash), once at start and then every tenth of that age, on a daemon thread of its own. A failed sweep is
 * logged and tried again next time.
 */
public class StagingSweeper implements InitializingBean, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(StagingSweeper.class);

    private final StagingArea staging;
    private final Duration maxAge;
    private final Clock clock;
    private ScheduledExecutorService scheduler;

    StagingSweeper(StagingArea staging, Duration maxAge, Clock clock) {
        this.staging = staging;
        this.maxAge = maxAge;
        this.clock = clock;
    }

    /** Deletes what is older than the maximum age now; returns how many blobs. */
    public int sweep() {
        try {
            int deleted = staging.sweep(clock.instant().minus(maxAge));
            if (deleted > 0) {
                log.info("Deleted {} staging blobs older than {}", deleted, maxAge);
            }
            return deleted;
        } catch (RuntimeException e) {
            log.warn("Sweeping the staging container failed: {}", e.getMessage());
            return 0;
        }
    }

    @Override
    public void afterPropertiesSet() {
        long period = Math.max(1, maxAge.toSeconds() / 10);
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "staging-sweeper");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleWithFixedDelay(this::sweep, 0, period, TimeUnit.SECONDS);
    }

    @Override
    public void destroy() {
        scheduler.shutdownNow();
    }
}
