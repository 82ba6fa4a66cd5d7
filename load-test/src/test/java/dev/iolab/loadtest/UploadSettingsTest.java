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
        assertThat(s.managementUrl()).hasToString("http://127.0.0.1:8081");
        assertThat(s.usesService()).isTrue();
    }

    @Test
    void usersOfALoopbackServiceAreDistinctClientsByDefault() {
        UploadSettings loopback = settings("users", "300");
        assertThat(loopback.clientAddresses())
                .hasSize(300)
                .doesNotHaveDuplicates()
                .startsWith("127.0.1.1", "127.0.1.2")
                .doesNotContain("127.0.0.1");

        assertThat(settings("users", "3", "clients", "shared").clientAddresses())
                .isEmpty();
        assertThat(settings("baseUrl", "http://uploads.example.com:8080").clientAddresses())
                .isEmpty();
        assertThatThrownBy(() -> settings("baseUrl", "http://uploads.example.com", "clients", "distinct"))
                .hasMessageContaining("clients=distinct needs a loopback baseUrl");
        assertThatThrownBy(() -> settings("clients", "many")).hasMessageContaining("clients must be one of");
    }

    @Test
    void theManagementUrlIsTheNextPortUnlessGiven() {
        assertThat(settings("baseUrl", "http://127.0.0.1:9090/").managementUrl())
                .hasToString("http://127.0.0.1:9091");
        assertThat(settings("managementUrl", "http://127.0.0.1:7000").managementUrl())
                .hasToString("http://127.0.0.1:7000");
    }

    @Test
    void sasPutGoesStraightToAStorageUrlWithASas() {
        UploadSettings s = settings(
                "strategy", "sas-put", "storageUrl", "http://127.0.0.1:10000/devstoreaccount1/c?sv=2025&sig=x");

        assertThat(s.usesService()).isFalse();
        assertThat(s.storageUrl().getRawQuery()).isEqualTo("sv=2025&sig=x");
        s.checkStrategies(List.of("on-demand"));
        assertThatThrownBy(() -> settings("strategy", "sas-put")).hasMessageContaining("needs storageUrl");
        assertThatThrownBy(() -> settings("strategy", "sas-put", "storageUrl", "http://127.0.0.1:10000/c"))
                .hasMessageContaining("with a SAS");
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
