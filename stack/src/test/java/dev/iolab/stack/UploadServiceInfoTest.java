package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UploadServiceInfoTest {

    @Test
    void readsTheStrategyListInTheServicesOrder() {
        UploadServiceInfo info = UploadServiceInfo.parse("""
                {"app":{"x":1},"upload":{"strategies":["in-memory","on-demand","temp-file"],"defaultStrategy":"temp-file"}}
                """);

        assertThat(info.strategies()).containsExactly("in-memory", "on-demand", "temp-file");
        assertThat(info.defaultStrategy()).isEqualTo("temp-file");
    }

    @Test
    void saysSoWhenTheServiceListsNoStrategies() {
        assertThatThrownBy(() -> UploadServiceInfo.parse("{}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("upload.strategies");
        assertThatThrownBy(() -> UploadServiceInfo.parse("<html>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not JSON");
    }
}
