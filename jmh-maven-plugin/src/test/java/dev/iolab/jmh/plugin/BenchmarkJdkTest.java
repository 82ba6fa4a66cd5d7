package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkJdkTest {

    @TempDir
    Path jdk;

    @Test
    void prefersTheSelectedToolchain() throws IOException {
        fakeJava();
        assertThat(BenchmarkJdk.choose("/opt/jdk25/bin/java", jdk, 25, 25)).isEqualTo("/opt/jdk25/bin/java");
    }

    @Test
    void usesMavensOwnJdkWhenItIsRecentEnoughAndNoToolchainWasSelected() throws IOException {
        Path java = fakeJava();
        assertThat(BenchmarkJdk.choose(null, jdk, 25, 25)).isEqualTo(java.toString());
    }

    @Test
    void findsNothingWhenMavenRunsOnAnOlderJdkWithoutToolchain() throws IOException {
        fakeJava();
        assertThat(BenchmarkJdk.choose(null, jdk, 17, 25)).isNull();
    }

    private Path fakeJava() throws IOException {
        Path bin = Files.createDirectories(jdk.resolve("bin"));
        return Files.createFile(
                bin.resolve("java"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    }
}
