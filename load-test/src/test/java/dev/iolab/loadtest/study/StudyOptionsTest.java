package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.loadtest.HelpTexts;
import dev.iolab.loadtest.ScriptExamples;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class StudyOptionsTest {

    @Test
    void defaultsAreTheWholeStudyWithEveryStrategyTheServiceListsAndEveryCeiling() {
        StudyOptions o = StudyOptions.parse();

        assertThat(o.strategies()).isEmpty();
        assertThat(o.sizesMb()).containsExactly(1, 10);
        assertThat(o.users()).containsExactly(125, 200);
        assertThat(o.budgets()).containsExactly(true, false);
        assertThat(o.sizesOf(false)).containsExactly(1, 10);
        assertThat(o.direct()).isTrue();
        assertThat(o.storage()).isTrue();
        assertThat(o.nginx()).isTrue();
        assertThat(o.valetKey()).isTrue();
        assertThat(o.soak()).isFalse();
        assertThat(o.heapProbes()).isEqualTo(3);
        assertThat(o.warmUpBursts()).isEqualTo(3);
        assertThat(StudyOptions.parse("--warm-up", "0").warmUpBursts()).isZero();
        assertThat(StudyOptions.parse("--heap-probes", "0").heapProbes()).isZero();
        assertThat(o.rounds()).as("one timed burst per cell, unpaired").isEqualTo(1);
        assertThat(o.warmUpMb()).isEqualTo(1);
        assertThat(StudyOptions.parse("--warm-up-size", "10").warmUpMb()).isEqualTo(10);
        assertThat(StudyOptions.parse("--rounds", "5").rounds()).isEqualTo(5);
        assertThat(o.service().heap()).isEqualTo("512m");
        assertThat(o.output()).isEqualTo(Path.of("docs/results/upload-study.md"));
        assertThat(o.loads()).containsExactly(List.of(1, 125), List.of(1, 200), List.of(10, 125), List.of(10, 200));
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
                "--nginx=off",
                "--service-arg=--upload.azure.http-client=jdk",
                "--service-arg",
                "--upload.executor.max-size=10",
                "--heap",
                "1g");

        assertThat(o.strategies()).containsExactly("on-demand", "buffer-4k");
        assertThat(o.sizesMb()).containsExactly(10);
        assertThat(o.budgets()).containsExactly(true);
        assertThat(o.usersOf(false)).containsExactly(50);
        assertThat(o.direct()).isFalse();
        assertThat(o.nginx()).isFalse();
        assertThat(o.storage()).isTrue();
        assertThat(o.service().args())
                .containsExactly("--upload.azure.http-client=jdk", "--upload.executor.max-size=10");
        assertThat(o.service().heap()).isEqualTo("1g");
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
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--sizes");
        assertThatThrownBy(() -> StudyOptions.parse("--sizes", "0"))
                .hasMessageContaining("--sizes takes 1 to 2047, got 0");
        assertThatThrownBy(() -> StudyOptions.parse("--budget", "maybe"))
                .hasMessageContaining("--budget")
                .hasMessageContaining("takes on or off, got 'maybe'");
        assertThatThrownBy(() -> StudyOptions.parse("--nginx", "yes")).hasMessageContaining("--nginx");
        assertThatThrownBy(() -> StudyOptions.parse("--heap", "lots")).hasMessageContaining("--heap takes a size");
        assertThatThrownBy(() -> StudyOptions.parse("--mode", "carrier-pigeon")).hasMessageContaining("--mode");
        assertThatThrownBy(() -> StudyOptions.parse("--warm-up", "21"))
                .hasMessageContaining("--warm-up takes 0 to 20, got 21");
        assertThatThrownBy(() -> StudyOptions.parse("--rounds", "0"))
                .hasMessageContaining("--rounds takes 1 to 20, got 0");
        assertThatThrownBy(() -> StudyOptions.parse("--heap-probes", "-1"))
                .hasMessageContaining("--heap-probes takes 0 to 20, got -1");
        assertThatThrownBy(() -> StudyOptions.parse("--users")).hasMessageContaining("--users");
        assertThatThrownBy(() -> StudyOptions.parse("--frobnicate", "1")).hasMessageContaining("--frobnicate");
        assertThatThrownBy(() -> StudyOptions.parse("--soak", "--soak-uploads", "10", "--soak-users", "50"))
                .hasMessageContaining("--soak-uploads (10) must be at least --soak-users (50)");
    }

    @Test
    void helpShowsEveryOptionWithItsDefaultAndHowToRunOneSmallCell() {
        StringWriter out = new StringWriter();
        CommandLine commandLine = StudyOptions.commandLine();
        commandLine.setOut(new PrintWriter(out));

        assertThat(commandLine.execute("--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " "))
                .contains("--sizes=LIST", "Default: 1,10", "--nginx=on|off", "--storage=on|off", "nginx-light")
                .contains("--strategies on-demand --sizes 1 --users 10 --budget on --valet-key off");
    }

    @Test
    void everyExampleInTheScriptsHeaderParses() {
        for (String[] example : ScriptExamples.of("upload-study.sh")) {
            assertThat(StudyOptions.parse(example))
                    .as(String.join(" ", example))
                    .isNotNull();
        }
    }

    @Test
    void helpTextsHaveNoBarePercentSign() {
        HelpTexts.assertRendersWithoutWarnings(StudyOptions.commandLine());
    }
}
