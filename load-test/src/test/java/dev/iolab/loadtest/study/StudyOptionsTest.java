package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StudyOptionsTest {

    @Test
    void defaultsAreTheWholeStudyWithEveryStrategyTheServiceLists() {
        StudyOptions o = StudyOptions.parse();

        assertThat(o.strategies()).isEmpty();
        assertThat(o.sizesMb()).containsExactly(1, 10);
        assertThat(o.users()).containsExactly(125, 200);
        assertThat(o.budgets()).containsExactly(true, false);
        assertThat(o.sizesOf(false)).containsExactly(1, 10);
        assertThat(o.direct()).isTrue();
        assertThat(o.valetKey()).isTrue();
        assertThat(o.soak()).isFalse();
        assertThat(o.heap()).isEqualTo("512m");
        assertThat(o.output()).isEqualTo(Path.of("docs/results/upload-study.md"));
    }

    @Test
    void takesOptionsWithSpaceOrEqualsSign() {
        StudyOptions o = StudyOptions.parse(
                "--strategies",
                "on-demand,buffer-4k",
                "--sizes=10",
                "--users",
                "125",
                "--budget",
                "on",
                "--off-users",
                "50",
                "--direct",
                "off",
                "--service-arg=--upload.azure.http-client=jdk",
                "--heap",
                "1g");

        assertThat(o.strategies()).containsExactly("on-demand", "buffer-4k");
        assertThat(o.sizesMb()).containsExactly(10);
        assertThat(o.budgets()).containsExactly(true);
        assertThat(o.usersOf(false)).containsExactly(50);
        assertThat(o.direct()).isFalse();
        assertThat(o.serviceArgs()).containsExactly("--upload.azure.http-client=jdk");
        assertThat(o.heap()).isEqualTo("1g");
    }

    @Test
    void soakModeHasItsOwnReportAndDefaults() {
        StudyOptions o = StudyOptions.parse("--soak", "--soak-uploads", "200", "--soak-users", "20");

        assertThat(o.soak()).isTrue();
        assertThat(o.soakUploads()).isEqualTo(200);
        assertThat(o.soakUsers()).isEqualTo(20);
        assertThat(o.soakSizeKb()).isEqualTo(256);
        assertThat(o.output()).isEqualTo(Path.of("docs/results/upload-study-soak.md"));
    }

    @Test
    void badValuesAreRefusedWithTheOptionsName() {
        assertThatThrownBy(() -> StudyOptions.parse("--sizes", "ten"))
                .hasMessageContaining("--sizes takes whole numbers");
        assertThatThrownBy(() -> StudyOptions.parse("--budget", "maybe"))
                .hasMessageContaining("--budget takes on or off");
        assertThatThrownBy(() -> StudyOptions.parse("--heap", "lots")).hasMessageContaining("--heap takes a size");
        assertThatThrownBy(() -> StudyOptions.parse("--mode", "carrier-pigeon")).hasMessageContaining("--mode");
        assertThatThrownBy(() -> StudyOptions.parse("--users")).hasMessageContaining("--users needs a value");
        assertThatThrownBy(() -> StudyOptions.parse("--frobnicate", "1")).hasMessageContaining("unknown option");
        assertThatThrownBy(() -> StudyOptions.parse("--soak", "--soak-uploads", "10", "--soak-users", "50"))
                .hasMessageContaining("--soak-uploads (10) must be at least --soak-users (50)");
        assertThatThrownBy(() -> StudyOptions.parse("--help")).isInstanceOf(StudyOptions.HelpRequested.class);
    }
}
