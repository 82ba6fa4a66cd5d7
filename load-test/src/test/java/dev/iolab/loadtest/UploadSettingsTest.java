package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class UploadSettingsTest {

    private static UploadSettings settings(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return UploadSettings.from(p);
    }

    @Test
    void defaultsAreOneBurstOf125OneMibUploads() {
        UploadSettings s = settings();

        assertThat(s.strategies()).containsExactly("on-demand");
        assertThat(s.fileSizeBytes()).isEqualTo(1024 * 1024);
        assertThat(s.users()).isEqualTo(125);
        assertThat(s.uploadsPerUser()).isEqualTo(1);
        assertThat(s.totalUploads()).isEqualTo(125);
        assertThat(s.names()).isEqualTo(UploadSettings.Names.UNIQUE);
        assertThat(s.allMustSucceed()).isTrue();
    }

    @Test
    void aMixedRunTakesTheStrategiesInTurn() {
        UploadSettings s = settings(
                "strategy", "a, b,c", "users", "2", "uploadsPerUser", "4", "fileSizeKb", "256", "names", "per-user");

        assertThat(s.strategies()).containsExactly("a", "b", "c");
        assertThat(List.of(s.strategyFor(1, 0), s.strategyFor(1, 1), s.strategyFor(1, 2), s.strategyFor(1, 3)))
                .containsExactly("b", "c", "a", "b");
        assertThat(s.fileSizeBytes()).isEqualTo(256 * 1024);
        assertThat(s.totalUploads()).isEqualTo(8);
        assertThat(s.names()).isEqualTo(UploadSettings.Names.PER_USER);
    }

    @Test
    void strategiesAreCheckedAgainstTheServicesOwnList() {
        UploadSettings s = settings("strategy", "on-demand,valet-key,bogus");

        assertThatThrownBy(() -> s.checkStrategies(List.of("on-demand", "temp-file")))
                .hasMessageContaining("got 'bogus'")
                .hasMessageContaining("/actuator/info");
        settings("strategy", "on-demand,valet-key").checkStrategies(List.of("on-demand"));
    }

    @Test
    void badValuesNameTheProperty() {
        assertThatThrownBy(() -> settings("users", "0")).hasMessageContaining("users must be between 1");
        assertThatThrownBy(() -> settings("mode", "fax")).hasMessageContaining("mode must be one of [raw, multipart]");
        assertThatThrownBy(() -> settings("baseUrl", "ftp://x")).hasMessageContaining("baseUrl must be an http(s) URL");
        assertThatThrownBy(() -> settings("strategy", " , ")).hasMessageContaining("at least one strategy");
    }
}
