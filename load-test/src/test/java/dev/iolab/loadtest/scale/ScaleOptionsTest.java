package dev.iolab.loadtest.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.loadtest.HelpTexts;
import dev.iolab.loadtest.ScriptExamples;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ScaleOptionsTest {

    @Test
    void defaultsAreTwoReplicasAt512MbAnd400ClientsOfTenMegabytes() {
        ScaleOptions o = ScaleOptions.parse();

        assertThat(o.replicas).isEqualTo(2);
        assertThat(o.service.heap()).isEqualTo("512m");
        assertThat(o.clients).isEqualTo(400);
        assertThat(o.sizeMb).isEqualTo(10);
        assertThat(o.kill).isTrue();
        assertThat(o.strategy).isNull();
        assertThat(o.service.args()).isEmpty();
        assertThat(o.output).isEqualTo(Path.of("docs/results/scale-study.md"));
    }

    @Test
    void badValuesAreRefusedWithTheOptionsName() {
        assertThatThrownBy(() -> ScaleOptions.parse("--replicas", "1"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--replicas takes 2 to 8, got 1");
        assertThatThrownBy(() -> ScaleOptions.parse("--kill", "maybe")).hasMessageContaining("--kill");
        assertThatThrownBy(() -> ScaleOptions.parse("--heap", "lots")).hasMessageContaining("--heap takes a size");
        assertThatThrownBy(() -> ScaleOptions.parse("--clients", "70000")).hasMessageContaining("--clients");
    }

    @Test
    void helpShowsTheDefaultsAndASmallRun() {
        StringWriter out = new StringWriter();
        CommandLine commandLine = ScaleOptions.commandLine();
        commandLine.setOut(new PrintWriter(out));

        assertThat(commandLine.execute("--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " "))
                .contains("--clients=N", "Default: 400", "--kill=on|off", "haproxy")
                .contains("--clients 20 --size-mb 1");
    }

    @Test
    void everyExampleInTheScriptsHeaderParses() {
        for (String[] example : ScriptExamples.of("scale-study.sh")) {
            assertThat(ScaleOptions.parse(example))
                    .as(String.join(" ", example))
                    .isNotNull();
        }
    }

    @Test
    void helpTextsHaveNoBarePercentSign() {
        HelpTexts.assertRendersWithoutWarnings(ScaleOptions.commandLine());
    }
}
