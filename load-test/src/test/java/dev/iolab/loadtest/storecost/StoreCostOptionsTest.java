package dev.iolab.loadtest.storecost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.loadtest.HelpTexts;
import dev.iolab.loadtest.ScriptExamples;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class StoreCostOptionsTest {

    @Test
    void defaultsAreTheStudysBurst125BlobsOfTenMegabytes() {
        StoreCostOptions o = StoreCostOptions.parse();

        assertThat(o.blobs).isEqualTo(125);
        assertThat(o.sizeMb).isEqualTo(10);
        assertThat(o.threads).isEqualTo(8);
        assertThat(o.passes).isEqualTo(3);
        assertThat(o.output).isEqualTo(Path.of("docs/results/store-costs.md"));
    }

    @Test
    void badValuesAreRefusedWithTheOptionsName() {
        assertThatThrownBy(() -> StoreCostOptions.parse("--blobs", "0"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("--blobs takes 1 to 10000, got 0");
        assertThatThrownBy(() -> StoreCostOptions.parse("--size-mb", "300")).hasMessageContaining("--size-mb");
        assertThatThrownBy(() -> StoreCostOptions.parse("--threads", "many")).hasMessageContaining("--threads");
        assertThatThrownBy(() -> StoreCostOptions.parse("--passes", "11")).hasMessageContaining("--passes");
    }

    @Test
    void helpShowsTheDefaultsAndAQuickLook() {
        StringWriter out = new StringWriter();
        CommandLine commandLine = StoreCostOptions.commandLine();
        commandLine.setOut(new PrintWriter(out));

        assertThat(commandLine.execute("--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " "))
                .contains("--blobs=N", "Default: 125", "--size-mb=MB", "Default: 10")
                .contains("--blobs 20 --size-mb 1");
    }

    @Test
    void everyExampleInTheScriptsHeaderParses() {
        for (String[] example : ScriptExamples.of("store-costs.sh")) {
            assertThat(StoreCostOptions.parse(example))
                    .as(String.join(" ", example))
                    .isNotNull();
        }
    }

    @Test
    void helpTextsHaveNoBarePercentSign() {
        HelpTexts.assertRendersWithoutWarnings(StoreCostOptions.commandLine());
    }
}
