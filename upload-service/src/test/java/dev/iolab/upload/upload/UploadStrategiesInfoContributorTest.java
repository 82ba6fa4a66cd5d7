package dev.iolab.upload.upload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.info.Info;

class UploadStrategiesInfoContributorTest {

    @Test
    void listsEveryStrategyInOrderAndTheConfiguredDefault() {
        UploadStrategies strategies =
                new UploadStrategies(new RecordingBlobStorage(100), TestProperties.with("default-strategy=buffer-4k"));
        Info.Builder builder = new Info.Builder();

        new UploadStrategiesInfoContributor(strategies).contribute(builder);

        assertThat(builder.build().getDetails())
                .containsExactly(Map.entry(
                        "upload",
                        Map.of(
                                "strategies",
                                List.of("in-memory", "on-demand", "buffer-4k", "buffer-4m", "buffer-8m", "temp-file"),
                                "defaultStrategy",
                                "buffer-4k")));
        assertThat(strategies.ids())
                .allSatisfy(id -> assertThat(strategies.get(id).id()).isEqualTo(id));
    }
}
