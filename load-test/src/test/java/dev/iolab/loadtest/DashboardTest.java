package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The provisioned dashboard is self-contained (fixed datasource uid, no import placeholders), has the variables and
 * panels the study needs, and queries the metric names of the upload-service contract. That each query returns data
 * from a real Prometheus is {@link UploadStackIT}'s job.
 */
class DashboardTest {

    @Test
    void referencesOnlyTheProvisionedDatasourceByUid() throws Exception {
        String raw = Files.readString(RepoFiles.dashboard(), StandardCharsets.UTF_8);
        assertThat(raw).doesNotContain("${DS_").doesNotContain("__inputs");

        Matcher uid = Pattern.compile("(?m)^\\s*uid:\\s*(\\S+)\\s*$")
                .matcher(Files.readString(RepoFiles.grafanaDatasource(), StandardCharsets.UTF_8));
        assertThat(uid.find()).as("uid in the provisioned datasource").isTrue();

        GrafanaDashboard dashboard = GrafanaDashboard.read(RepoFiles.dashboard());
        List<JsonNode> refs = dashboard.datasourceRefs().stream()
                .filter(ref -> !"grafana".equals(ref.path("type").asText()))
                .toList();
        assertThat(refs).isNotEmpty().allSatisfy(ref -> {
            assertThat(ref.path("type").asText()).isEqualTo("prometheus");
            assertThat(ref.path("uid").asText()).isEqualTo(uid.group(1));
        });
    }

    @Test
    void offersApplicationAndStrategyVariables() throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read(RepoFiles.dashboard());
        assertThat(dashboard.variableNames()).containsExactly("application", "strategy");
        assertThat(dashboard.json().path("uid").asText()).isEqualTo("iolab-upload-service");
    }

    @Test
    void everyPanelHasQueriesAndAPlaceOnTheGrid() throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read(RepoFiles.dashboard());
        Set<Integer> ids = new HashSet<>();
        for (JsonNode panel : dashboard.panels()) {
            String title = panel.path("title").asText();
            assertThat(ids.add(panel.path("id").asInt()))
                    .as("unique id of '%s'", title)
                    .isTrue();
            JsonNode grid = panel.path("gridPos");
            assertThat(grid.path("x").asInt() + grid.path("w").asInt())
                    .as("'%s' fits in 24 columns", title)
                    .isBetween(1, 24);
            assertThat(panel.path("targets")).as("queries of '%s'", title).isNotEmpty();
        }
        assertThat(dashboard.queries())
                .allSatisfy(q -> assertThat(q.expr()).as(q.panel()).isNotBlank());
    }

    @Test
    void queriesTheMetricsOfTheUploadServiceContract() throws Exception {
        List<String> exprs = new ArrayList<>();
        GrafanaDashboard.read(RepoFiles.dashboard()).queries().forEach(q -> exprs.add(q.expr()));
        String all = String.join("\n", exprs);
        assertThat(all)
                .contains(
                        "jvm_memory_used_bytes",
                        "jvm_memory_max_bytes",
                        "jvm_gc_pause_seconds",
                        "jvm_buffer_memory_used_bytes",
                        "executor_active_threads",
                        "executor_queued_tasks",
                        "executor_pool_size_threads",
                        "executor_pool_max_threads",
                        "executor_rejected_tasks_total",
                        "iolab_upload_seconds_count",
                        "iolab_upload_seconds_bucket",
                        "iolab_upload_size_bytes_sum",
                        "iolab_upload_memory_budget_used_bytes",
                        "iolab_upload_memory_budget_max_bytes");
        assertThat(all).contains("histogram_quantile(0.50", "histogram_quantile(0.95", "histogram_quantile(0.99");
        assertThat(all).contains("haproxy_server_current_sessions", "haproxy_server_status");
        // The service's metrics are filtered by application; HAProxy's and Prometheus's own name their job or proxy.
        assertThat(exprs)
                .allSatisfy(expr -> assertThat(expr)
                        .containsAnyOf(
                                "application=\"$application\"", "proxy=\"upload-service\"", "job=\"upload-service\""));
    }

    /** With replicas behind a balancer, a sum alone hides a replica that is down or hot, one replica alone the load. */
    @Test
    void everyPanelShowsEachReplicaAndTheSumOverAll() throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read(RepoFiles.dashboard());
        for (JsonNode panel : dashboard.panels()) {
            List<String> exprs = new ArrayList<>();
            panel.path("targets").forEach(t -> exprs.add(t.path("expr").asText()));
            String title = panel.path("title").asText();
            assertThat(exprs).as("'%s' has a series per replica", title).anyMatch(DashboardTest::perReplica);
            assertThat(exprs).as("'%s' has a series over all replicas", title).anyMatch(e -> !perReplica(e));
        }
    }

    private static boolean perReplica(String expr) {
        return expr.contains("by (replica") || expr.contains("by (le, replica)") || expr.contains("by (server)");
    }

    @Test
    void everyQueryResolvesToPlainPromQl() throws Exception {
        Map<String, String> vars = GrafanaDashboard.API_VARIABLES;
        GrafanaDashboard.read(RepoFiles.dashboard())
                .queries()
                .forEach(q -> assertThat(q.resolved(vars)).as(q.panel()).doesNotContain("$"));
    }
}
