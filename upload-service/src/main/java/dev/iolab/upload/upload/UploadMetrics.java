package dev.iolab.upload.upload;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.function.ToDoubleFunction;
import org.springframework.stereotype.Component;

/**
 * The service's own meters: timer {@code iolab.upload} (histogram buckets published, for p50/p95/p99 with
 * {@code histogram_quantile}) and bytes received {@code iolab.upload.size}, both tagged {@code strategy} and
 * {@code outcome}; the memory-budget gauges, and the gauge of overdue uploads.
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

    /** Registers the budget gauges {@code iolab.upload.memory.budget.used} and {@code .max} (bytes). */
    public <T> void budgetGauges(T budget, ToDoubleFunction<T> used, ToDoubleFunction<T> max) {
        Gauge.builder("iolab.upload.memory.budget.used", budget, used)
                .baseUnit("bytes")
                .description("Bytes of the memory budget held by running uploads")
                .register(registry);
        Gauge.builder("iolab.upload.memory.budget.max", budget, max)
                .baseUnit("bytes")
                .description("Size of the memory budget")
                .register(registry);
    }

    /**
     * Registers {@code iolab.upload.overdue}: uploads still running after the container gave up on their request
     * (async timeout or error), each holding a container thread until it ends.
     */
    public <T> void overdueGauge(T admission, ToDoubleFunction<T> overdue) {
        Gauge.builder("iolab.upload.overdue", admission, overdue)
                .baseUnit("requests")
                .description("Uploads still running after their request timed out or failed")
                .register(registry);
    }
}
