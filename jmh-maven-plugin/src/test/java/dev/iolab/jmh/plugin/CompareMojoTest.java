package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareMojoTest {

    @TempDir
    Path dir;

    @Test
    void withoutABaselineItSaysWhatItNeeds() {
        CompareMojo mojo = new CompareMojo();
        mojo.resultFile = dir.resolve("B.json").toFile();

        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("jmh:compare needs -Djmh.baseline=");
    }
}
