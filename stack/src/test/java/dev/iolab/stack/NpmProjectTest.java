package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pinned npm project is installed once and refused with a clear message when it is not one. */
class NpmProjectTest {

    @TempDir
    Path dir;

    @Test
    void anInstalledProjectIsTakenAsItIsWithoutRunningNpm() throws Exception {
        Path installed = Files.createDirectories(dir.resolve("node_modules/some-client"));

        assertThat(NpmProject.ensureInstalled(dir, "node_modules/some-client", "some-client"))
                .isEqualTo(installed);
        assertThat(dir.resolve(".install.lock")).doesNotExist();
    }

    @Test
    void aDirectoryWithoutAPackageLockIsRefusedByName() {
        assertThatThrownBy(() -> NpmProject.ensureInstalled(dir, "node_modules/some-client", "some-client"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(dir + " holds no package-lock.json: not some-client's npm project");
    }
}
