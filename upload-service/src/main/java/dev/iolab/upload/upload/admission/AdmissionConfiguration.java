package dev.iolab.upload.upload.admission;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.RejectedExecutionException;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * The upload {@link Admission} over its own bounded executor ({@code upload.executor.*}, {@link ExecutorProperties}). Boot's task-executor
 * metrics publish the executor with {@code name="uploadExecutor"}; Micrometer has no rejection counter, so rejections
 * are counted here as {@code executor.rejected} (Prometheus {@code executor_rejected_tasks_total}) with the same tag,
 * and {@code iolab.upload.overdue} gauges the uploads still running after the container gave up on their request.
 */
@Configuration(proxyBeanMethods = false)
class AdmissionConfiguration {

    static final String EXECUTOR_NAME = "uploadExecutor";

    @Bean(name = EXECUTOR_NAME)
    ThreadPoolTaskExecutor uploadExecutor(ExecutorProperties properties, MeterRegistry registry) {
        Counter rejected = Counter.builder("executor.rejected")
                .description("Tasks the executor refused because its threads and queue were full")
                .baseUnit("tasks")
                .tag("name", EXECUTOR_NAME)
                .register(registry);
        ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
        executor.setCorePoolSize(properties.coreSize());
        executor.setMaxPoolSize(properties.maxSize());
        executor.setQueueCapacity(properties.queueCapacity());
        executor.setThreadNamePrefix("upload-");
        executor.setRejectedExecutionHandler((task, pool) -> {
            rejected.increment();
            throw new RejectedExecutionException("upload executor full: " + pool.getActiveCount() + " running, "
                    + pool.getQueue().size() + " queued");
        });
        executor.setWaitForTasksToCompleteOnShutdown(true);
        executor.setAwaitTerminationSeconds(30);
        return executor;
    }

    @Bean
    Admission uploadAdmission(
            @Qualifier(EXECUTOR_NAME) ThreadPoolTaskExecutor executor,
            ExecutorProperties properties,
            MeterRegistry registry) {
        Admission admission = new Admission("upload", executor, properties.asyncTimeout());
        Gauge.builder("iolab.upload.overdue", admission, Admission::overdue)
                .baseUnit("requests")
                .description("Uploads still running after their request timed out or failed")
                .register(registry);
        return admission;
    }
}
