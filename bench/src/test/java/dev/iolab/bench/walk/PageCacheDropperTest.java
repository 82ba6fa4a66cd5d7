package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against a stand-in control file: dropping the machine's caches in a unit test would slow everyone's builds. */
class PageCacheDropperTest {

    @TempDir
    Path directory;

    @Test
    void writesThreeToTheControlFile() throws IOException {
        Path control = Files.writeString(directory.resolve("drop_caches"), "");

        new PageCacheDropper(control, false).drop();

        assertThat(control).hasContent("3");
    }

    @Test
    void saysColdRunsAreUnavailableWhenItMayNotWrite() {
        Path control = directory.resolve("no-such-control");

        assertThatThrownBy(() -> new PageCacheDropper(control, false).drop())
                .isInstanceOf(WalkException.class)
                .hasMessageContaining("Cold-cache runs are unavailable")
                .hasMessageContaining("cache=WARM");
    }
}
