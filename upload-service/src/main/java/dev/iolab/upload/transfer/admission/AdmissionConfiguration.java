package dev.iolab.upload.transfer.admission;

import dev.iolab.upload.client.ClientShareProperties;
import dev.iolab.upload.client.ClientShares;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * The upload {@link Admission} over its own executor ({@code upload.executor.*}, {@link ExecutorProperties}): all its
 * threads started at once, its queue fair among clients ({@link ClientQueue}, each client running at most its share of
 * the threads, {@code upload.client-share.uploads}). Boot's task-executor metrics publish the executor with
 * {@code name="uploadExecutor"}; Micrometer has no rejection counter, so refusals for want of a slot are counted here as
 * {@code executor.rejected} (Prometheus {@code executor_rejected_tasks_total}) with the same tag, and
 * {@code iolab.upload.overdue} gauges the uploads still running after the container gave up on their request.
 */
@Configuration(proxyBeanMethods = false)
class AdmissionConfiguration {

    static final String EXECUTOR_NAME = "uploadExecutor";

    @Bean
    ClientQueue uploadQueue(ExecutorProperties properties, ClientShareProperties shares) {
        return queue(properties.maxSize(), properties.queueCapacity(), shares.uploads(), shares.reserved());
    }

    /** The fair queue for {@code threads}: each client runs at most its {@code share}, {@code reserved} kept back. */
    static ClientQueue queue(int threads, int queueCapacity, double share, double reserved) {
        int perClient = ClientShares.limit(threads, share);
        return new ClientQueue(threads, perClient, ClientShares.reserve(threads, perClient, reserved), queueCapacity);
    }

    @Bean(name = EXECUTOR_NAME)
    ThreadPoolTaskExecutor uploadExecutor(ExecutorProperties properties, ClientQueue uploadQueue) {
        return executor("upload", properties.maxSize(), properties.queueCapacity(), uploadQueue);
    }

    /**
     * {@code threads} workers over {@code queue}, every one started at once: the executor then always queues, so every
     * job passes the fair queue. {@code queueCapacity} is what {@link Admission} admits beyond the threads; the queue
     * itself never refuses.
     */
    static ThreadPoolTaskExecutor executor(String work, int threads, int queueCapacity, ClientQueue queue) {
        ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor() {
            @Override
            protected BlockingQueue<Runnable> createQueue(int capacity) {
                return queue;
            }
        };
        executor.setCorePoolSize(threads);
        executor.setMaxPoolSize(threads);
        executor.setQueueCapacity(queueCapacity);
        executor.setPrestartAllCoreThreads(true);
        executor.setThreadNamePrefix(work + "-");
        executor.setRejectedExecutionHandler((task, pool) -> {
            throw new RejectedExecutionException("the " + work + " executor is shut down");
        });
        executor.setWaitForTasksToCompleteOnShutdown(true);
        executor.setAwaitTerminationSeconds(30);
        return executor;
    }

    @Bean
    Admission uploadAdmission(
            @Qualifier(EXECUTOR_NAME) ThreadPoolTaskExecutor executor,
            ClientQueue uploadQueue,
            ExecutorProperties properties,
            ClientShareProperties shares,
            MeterRegistry registry) {
        Counter rejected = Counter.builder("executor.rejected")
                .description("Uploads refused because every upload slot (thread or queue place) was taken")
                .baseUnit("tasks")
                .tag("name", EXECUTOR_NAME)
                .register(registry);
        int slots = properties.maxSize() + properties.queueCapacity();
        ClientShares slotShares = shares.shares("upload slots", slots, shares.uploads(), registry);
        Admission admission =
                new Admission("upload", executor, uploadQueue, slotShares, rejected, properties.asyncTimeout());
        Gauge.builder("iolab.upload.overdue", admission, Admission::overdue)
                .baseUnit("requests")
                .description("Uploads still running after their request timed out or failed")
                .register(registry);
        return admission;
    }
}
