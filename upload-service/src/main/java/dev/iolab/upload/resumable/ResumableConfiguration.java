package dev.iolab.upload.resumable;

import dev.iolab.upload.storage.ResumableBlobs;
import dev.iolab.upload.storage.StagingSweeper;
import dev.iolab.upload.upload.budget.MemoryBudget;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The resumable feature from {@code upload.resumable.*}, on the system clock. Refuses to start when the sweep could
 * remove an upload that has not expired, or when a block would not fit one request's share of the memory budget.
 */
@Configuration(proxyBeanMethods = false)
class ResumableConfiguration {

    @Bean
    ResumableService resumableService(
            ResumableProperties properties,
            ResumableBlobs blobs,
            MemoryBudget budget,
            StagingSweeper sweeper,
            MeterRegistry registry) {
        if (properties.expiry().plus(sweeper.grace()).compareTo(sweeper.maxAge()) >= 0) {
            throw new IllegalStateException("upload.resumable.expiry (" + properties.expiry()
                    + ") must be shorter than upload.azure.staging-max-age (" + sweeper.maxAge()
                    + ") minus upload.azure.staging-expiry-grace (" + sweeper.grace()
                    + "): the sweep would remove uploads that have not expired");
        }
        long blockSize = properties.blockSize().toBytes();
        if (blockSize <= 0 || blockSize > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("upload.resumable.block-size must be between 1 byte and 2 GB");
        }
        return new ResumableService(blobs, budget, new ResumableMetrics(registry), properties, Clock.systemUTC());
    }
}
