package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.plugin.support.JmhJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareMojoTest {

    @TempDir
    Path dir;

    @Test
    void printsTheMarkdownComparisonAndWritesItToAFile() throws Exception {
        Path a = JmhJson.results()
                .entry("dev.iolab.bench.copy.CopyBenchmark.copy")
                .param("fileSizeKb", "64")
                .around(10, 0.01)
                .write(dir.resolve("A.json"));
        Path b = JmhJson.results()
                .entry("dev.iolab.bench.copy.CopyBenchmark.copy")
                .param("fileSizeKb", "64")
                .around(12, 0.01)
                .write(dir.resolve("B.json"));
        CompareMojo mojo = new CompareMojo();
        set(mojo, "baseline", a.toFile());
        set(mojo, "resultFile", b.toFile());
        set(mojo, "compareFile", dir.resolve("out/compare.md").toFile());
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        mojo.out = new PrintStream(stdout, true, StandardCharsets.UTF_8);

        mojo.execute();

        String printed = stdout.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("# Comparison: `B.json` against the baseline `A.json`")
                .contains("No profile's headline cells are recorded for this run, so every cell is checked.")
                .contains("0 of 1 headline cells agree within ±5 %")
                .contains("| slower |");
        assertThat(Files.readString(dir.resolve("out/compare.md")) + System.lineSeparator())
                .isEqualTo(printed);
    }

    @Test
    void withoutABaselineItSaysWhatItNeeds() throws Exception {
        CompareMojo mojo = new CompareMojo();
        set(mojo, "resultFile", dir.resolve("B.json").toFile());

        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("jmh:compare needs -Djmh.baseline=");
    }

    @Test
    void aMissingFileIsAOneLineError() throws Exception {
        CompareMojo mojo = new CompareMojo();
        set(mojo, "baseline", dir.resolve("nope.json").toFile());
        set(mojo, "resultFile", dir.resolve("B.json").toFile());

        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("No JMH results at " + dir.resolve("nope.json"))
                .hasNoCause();
    }

    private static void set(Object target, String field, Object value) throws Exception {
        Field f = CompareMojo.class.getDeclaredField(field);
        f.setAccessible(true);
        f.set(target, value);
    }
}
