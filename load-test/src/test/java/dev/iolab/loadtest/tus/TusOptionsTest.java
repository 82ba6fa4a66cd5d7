package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.loadtest.HelpTexts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The tus study's command line: its defaults are the documented study, and a wrong value names its option. */
class TusOptionsTest {

    @Test
    void theDefaultsAreTheStudyTheReportDescribes() {
        TusOptions options = TusOptions.parse();

        assertThat(options.uploads).isEqualTo(125);
        assertThat(options.sizeMb).isEqualTo(10);
        assertThat(options.bigMb).isEqualTo(1024);
        assertThat(options.cuts).isEqualTo(3);
        assertThat(options.chunkBytes()).isEqualTo(8L * 1024 * 1024);
        assertThat(options.reps).isEqualTo(2);
        assertThat(options.balancer).isTrue();
        assertThat(options.client).isEqualTo(TusOptions.Client.java);
    }

    @Test
    void theClientIsJavaOrJsAndNothingElse() {
        assertThat(TusOptions.parse("--client", "js").client).isEqualTo(TusOptions.Client.js);
        assertThatThrownBy(() -> TusOptions.parse("--client", "python"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--client");
    }

    @Test
    void theDataFileLiesBesideTheReport() {
        TusOptions options = TusOptions.parse("--output", "docs/results/tus-study-2026-11-28.md");

        assertThat(options.dataFile(options.output)).isEqualTo(Path.of("docs/results/tus-study-2026-11-28.json"));
    }

    @Test
    void aValueOutOfRangeNamesItsOption() {
        assertThatThrownBy(() -> TusOptions.parse("--reps", "0"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--reps");
    }

    @Test
    void theHelpRendersWithoutWarnings() {
        HelpTexts.assertRendersWithoutWarnings(TusOptions.commandLine());
    }
}
