package dev.iolab.upload.resumable;

import dev.iolab.upload.storage.ResumableBlobs;
import dev.iolab.upload.storage.StagingSweeper;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The resumable feature from {@code upload.resumable.*}, on the system clock, with an expiry the staging sweep cannot
 * cut short.
 */
@Configuration(proxyBeanMethods = false)
class ResumableConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ResumableConfiguration.class);

    @Bean
    ResumableMetrics resumableMetrics(MeterRegistry registry) {
        return new ResumableMetrics(registry);
    }

    @Bean
    ResumableUploads resumableUploads(
            ResumableProperties properties, ResumableBlobs blobs, StagingSweeper sweeper, ResumableMetrics metrics) {
        long blockSize = properties.blockSize().toBytes();
        if (blockSize <= 0 || blockSize > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("upload.resumable.block-size must be between 1 byte and 2 GB");
        }
        ResumableProperties applied = new ResumableProperties(
                properties.blockSize(),
                properties.maxSize(),
                expiry(properties.expiry(), sweeper.maxAge(), sweeper.grace()),
                properties.leaseDuration(),
                properties.cors(),
                properties.front());
        return new ResumableUploads(blobs, metrics, applied, Clock.systemUTC());
    }

    @Bean
    ResumableFrontService resumableFrontService(
            ResumableUploads uploads, ResumableBlobs blobs, ResumableMetrics metrics, ResumableProperties properties) {
        return new ResumableFrontService(
                uploads, blobs, metrics, properties.front().blockTime(), Clock.systemUTC());
    }

    @Bean
    ResumableService resumableService(
            ResumableUploads uploads,
            ResumableFrontService front,
            MemoryBudget budget,
            ResumableMetrics metrics,
            ResumableProperties properties) {
        return new ResumableService(uploads, front, budget, metrics, properties, Clock.systemUTC());
    }

    /**
     * CORS for {@code /files/} when {@code upload.resumable.cors.allowed-origins} names any ({@link ResumableCors});
     * first among the service's filters, so that every answer, a refusal too, carries the headers a page needs to read
     * it, and a preflight is answered before the API key is asked for (a browser sends none with it).
     */
    @Bean
    FilterRegistrationBean<ResumableCors> resumableCorsFilter(ResumableProperties properties) {
        FilterRegistrationBean<ResumableCors> registration =
                new FilterRegistrationBean<>(new ResumableCors(properties.cors()));
        registration.addUrlPatterns("/files/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        registration.setEnabled(properties.cors().enabled());
        return registration;
    }

    /**
     * The expiry applied: {@code upload.resumable.expiry}, unless the sweep would remove an upload before then (the
     * expiry plus the sweep's grace reaches {@code upload.azure.staging-max-age}); then half of what the sweep allows,
     * with a warning.
     */
    static Duration expiry(Duration configured, Duration maxAge, Duration grace) {
        Duration allowed = maxAge.minus(grace);
        if (!allowed.isPositive()) {
            throw new IllegalStateException("upload.azure.staging-max-age (" + maxAge
                    + ") must be longer than upload.azure.staging-expiry-grace (" + grace + ")");
        }
        if (configured.compareTo(allowed) < 0) {
            return configured;
        }
        Duration applied = allowed.dividedBy(2);
        log.warn(
                "upload.resumable.expiry ({}) is shortened to {}: the staging sweep removes what has not changed for"
                        + " upload.azure.staging-max-age ({}) minus upload.azure.staging-expiry-grace ({})",
                configured,
                applied,
                maxAge,
                grace);
        return applied;
    }
}
