package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    private static final String SCRAPE = """
            # HELP jvm_memory_used_bytes The amount of used memory
            # TYPE jvm_memory_used_bytes gauge
            jvm_memory_used_bytes{application="upload-service",area="heap",id="G1 Eden Space"} 1.2582912E7
            jvm_memory_used_bytes{application="upload-service",area="heap",id="G1 Old Gen"} 2.0E7
            jvm_memory_used_bytes{application="upload-service",area="nonheap",id="Metaspace"} 5.0E7
            executor_active_threads{application="upload-service",name="uploadExecutor"} 25.0
            executor_pool_max_threads{application="upload-service",name="uploadExecutor"} 25.0
            iolab_upload_seconds_bucket{le="+Inf",strategy="a \\"quoted\\", name"} 7
            process_uptime_seconds 12.5
            weird_value{id="x"} NaN
            """;

    @Test
    void sumsTheSamplesWhoseLabelsMatch() {
        PrometheusText text = PrometheusText.parse(SCRAPE);

        assertThat(text.sum("jvm_memory_used_bytes", Map.of("area", "heap"))).isEqualTo(12_582_912 + 20_000_000);
        assertThat(text.sum("jvm_memory_used_bytes", Map.of())).isEqualTo(12_582_912 + 20_000_000 + 50_000_000);
        assertThat(text.sum("no_such_metric", Map.of())).isZero();
    }

    @Test
    void findsSamplesByNameAndLabelsIncludingEscapedValuesAndSpecialNumbers() {
        PrometheusText text = PrometheusText.parse(SCRAPE);

        assertThat(text.first("executor_pool_max_threads", Map.of("name", "uploadExecutor")))
                .hasValue(25.0);
        assertThat(text.first("executor_pool_max_threads", Map.of("name", "other")))
                .isEmpty();
        assertThat(text.first("iolab_upload_seconds_bucket", Map.of("strategy", "a \"quoted\", name", "le", "+Inf")))
                .hasValue(7);
        assertThat(text.first("process_uptime_seconds", Map.of())).hasValue(12.5);
        assertThat(text.first("weird_value", Map.of()).getAsDouble()).isNaN();
        assertThat(text.samples()).hasSize(8);
    }

    @Test
    void theUploadExecutorsSizeIsItsThreadsPlusItsQueue() {
        PrometheusText text = PrometheusText.parse(SCRAPE
                + "executor_queue_remaining_tasks{name=\"uploadExecutor\"} 95.0\n"
                + "executor_queued_tasks{name=\"uploadExecutor\"} 5.0\n");

        assertThat(UploadExecutor.of(text)).isEqualTo(new UploadExecutor(25, 125));
        assertThat(UploadExecutor.active(text)).isEqualTo(25);
        assertThat(UploadExecutor.queued(text)).isEqualTo(5);
        assertThatThrownBy(() -> UploadExecutor.of(PrometheusText.parse("process_uptime_seconds 1")))
                .hasMessageContaining("executor_pool_max_threads");
    }

    @Test
    void refusesLinesThatAreNotSamples() {
        assertThatThrownBy(() -> PrometheusText.parse("metric{a=\"b\" 1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("metric{a=");
        assertThatThrownBy(() -> PrometheusText.parse("metric twelve"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("twelve");
    }
}
