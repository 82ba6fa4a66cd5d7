package dev.iolab.upload.transfer.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.UploadServiceTestSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The running service publishes its strategy list at {@code /actuator/info} (the list the study, the load test and the scripts read; docs/upload-service.md), without the API key. */
class ActuatorInfoTest extends UploadServiceTestSupport {

    @Autowired
    UploadStrategies strategies;

    @Test
    void actuatorInfoListsTheServicesStrategiesAndDefault() throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(managementUri("/actuator/info")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode upload = JsonMapper.builder().build().readTree(response.body()).path("upload");
        List<String> listed = new ArrayList<>();
        upload.path("strategies").forEach(id -> listed.add(id.asText()));
        assertThat(listed).isEqualTo(strategies.ids()).contains("temp-file", "on-demand");
        assertThat(upload.path("defaultStrategy").asText()).isEqualTo("temp-file");
    }
}
