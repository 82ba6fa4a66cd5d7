package dev.iolab.upload.transfer.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.support.RecordingBlobStorage;
import dev.iolab.upload.support.TestProperties;
import dev.iolab.upload.transfer.budget.MemoryBudgetProperties;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.info.Info;

class UploadStrategiesInfoContributorTest {

    @TempDir
    Path spool;

    @Test
    void listsEveryStrategyInOrderAndTheConfiguredDefault() throws IOException {
        TestProperties properties =
                TestProperties.with("default-strategy=buffer-4k", "temp-dir=" + spool.toAbsolutePath());
        UploadStrategies strategies = new UploadStrategies(
                new RecordingBlobStorage(100),
                properties.bind(UploadProperties.class),
                properties.bind(MemoryBudgetProperties.class),
                new SpoolDirectory(properties.bind(UploadProperties.class)));
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
