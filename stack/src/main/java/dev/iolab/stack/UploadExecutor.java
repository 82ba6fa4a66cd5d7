package dev.iolab.stack;

import java.util.Map;

/**
 * The service's upload executor as its metrics show it ({@code executor_*{name="uploadExecutor"}}, Micrometer's
 * executor metrics): its size, and how many uploads it runs and holds now. The one reader of these metrics for the
 * studies and the load test.
 *
 * @param threads  its maximum threads ({@code executor_pool_max_threads})
 * @param capacity threads + queue: the uploads the service takes at once; more are refused
 */
public record UploadExecutor(int threads, int capacity) {

    /** The labels of the upload executor's metrics. */
    public static final Map<String, String> LABELS = Map.of("name", "uploadExecutor");

    /** The executor's size from a scrape; fails when the service reports no executor. */
    public static UploadExecutor of(PrometheusText metrics) {
        int threads = (int) metrics.first("executor_pool_max_threads", LABELS)
                .orElseThrow(() -> new IllegalStateException("the service reports no executor_pool_max_threads"));
        double queue = metrics.first("executor_queue_remaining_tasks", LABELS).orElse(0) + queued(metrics);
        return new UploadExecutor(threads, threads + (int) queue);
    }

    /** Uploads running on the executor at the scrape; 0 when it reports none. */
    public static double active(PrometheusText metrics) {
        return metrics.first("executor_active_threads", LABELS).orElse(0);
    }

    /** Uploads waiting in the executor's queue at the scrape; 0 when it reports none. */
    public static double queued(PrometheusText metrics) {
        return metrics.first("executor_queued_tasks", LABELS).orElse(0);
    }
}
