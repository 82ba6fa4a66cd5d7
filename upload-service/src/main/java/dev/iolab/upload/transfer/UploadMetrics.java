package dev.iolab.upload.transfer;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * The meters of finished uploads (and valet-key completions): timer {@code iolab.upload} (histogram buckets published,
 * for p50/p95/p99 with {@code histogram_quantile}) and bytes received {@code iolab.upload.size}, both tagged
 * {@code strategy} and {@code outcome}. What is in flight is gauged by its owner ({@link InFlightUploads}, the memory
 * budget, admission).
 */
@Component
public class UploadMetrics {

    private final MeterRegistry registry;

    public UploadMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Records one finished (or refused) upload; {@code bytes} is what was received from the client. */
    public void record(String strategy, UploadOutcome outcome, Duration duration, long bytes) {
        Timer.builder("iolab.upload")
                .description("Upload requests from acceptance to answer")
                .tag("strategy", strategy)
                .tag("outcome", outcome.tag())
                .publishPercentileHistogram()
                .register(registry)
                .record(duration);
        DistributionSummary.builder("iolab.upload.size")
                .description("Bytes received per upload")
                .baseUnit("bytes")
                .tag("strategy", strategy)
                .tag("outcome", outcome.tag())
                .register(registry)
                .record(bytes);
    }
}
