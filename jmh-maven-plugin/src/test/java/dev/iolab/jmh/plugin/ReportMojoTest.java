package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.plugin.report.ReportGenerator;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportMojoTest {

    @TempDir
    Path dir;

    @Test
    void badInputFailsTheBuildWithOneLineNamingTheFileAndNoStackTrace() throws Exception {
        Path bad = Files.writeString(dir.resolve("jmh-result.json"), "[{\"benchmark\": ");
        File out = dir.resolve("report").toFile();

        assertThatThrownBy(() -> ReportMojo.write(
                        new ReportMojo(), bad.toFile(), out, dir.toFile(), ReportGenerator.Options.DEFAULT))
                .isInstanceOf(MojoFailureException.class)
                .hasMessageContaining(bad.toString())
                .hasNoCause();
        assertThat(out).doesNotExist();
    }
}
