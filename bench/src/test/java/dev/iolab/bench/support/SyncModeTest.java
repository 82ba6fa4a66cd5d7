package dev.iolab.bench.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sync=FSYNC} puts the copy on the device, shown with the kernel's page flags: a freshly written file has
 * dirty pages (not yet written back), and after {@link SyncMode#FSYNC} none is left; {@link SyncMode#NONE} leaves
 * them dirty.
 */
class SyncModeTest {

    private static final long SIZE = 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void fsyncLeavesNoDirtyPage() throws IOException {
        Path copy = freshlyWrittenFile();

        SyncMode.FSYNC.complete(copy);

        assertThat(PageFlags.dirtyPages(copy)).as("dirty pages after FSYNC").isZero();
        assertThat(Files.mismatch(copy, RandomFiles.write(dir.resolve("expected"), SIZE, 3)))
                .isEqualTo(-1L);
    }

    @Test
    void noneLeavesTheWriteBackToTheKernel() throws IOException {
        Path copy = freshlyWrittenFile();
        long dirtyBefore = PageFlags.dirtyPages(copy);

        SyncMode.NONE.complete(copy);

        assertThat(PageFlags.dirtyPages(copy)).isEqualTo(dirtyBefore);
    }

    @Test
    void fsyncOfAMissingCopyNamesIt() {
        Path missing = dir.resolve("no-such-copy");

        assertThatThrownBy(() -> SyncMode.FSYNC.complete(missing))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(missing.toString());
    }

    /**
     * A file just written, without fsync, whose pages are still dirty. The kernel may start write-back at any time
     * (after 30 s, or when the machine's dirty memory passes its threshold), so a file it already wrote back skips
     * the test rather than proving nothing.
     */
    private Path freshlyWrittenFile() throws IOException {
        PageFlags.assumeAvailable();
        assumeTrue(!Files.getFileStore(dir).type().equals("tmpfs"), "java.io.tmpdir is on tmpfs: nothing to sync");
        Path copy = RandomFiles.write(dir.resolve("copy"), SIZE, 3);
        long dirty = PageFlags.dirtyPages(copy);
        assumeTrue(dirty > 0, "the kernel wrote the fresh file back before the test could look");
        return copy;
    }
}
