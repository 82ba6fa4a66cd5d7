package dev.iolab.upload.transfer.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.support.TestProperties;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temp-file spool directory, which must not leak one user's uploads to another or keep a killed run's files: owner-only directory and files, a directory of another user
 * refused, a killed run's partial spool files removed by the next start — but never those of a live process that
 * still uses the directory.
 */
class SpoolDirectoryTest {

    @TempDir
    Path parent;

    Path dir;

    @BeforeEach
    void posixOnly() {
        assumeTrue(
                FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "permissions are POSIX here");
        dir = parent.resolve("spool");
    }

    @Test
    void createsTheDirectoryOwnerOnlyAndItsFilesOwnerOnly() throws Exception {
        SpoolDirectory spool =
                new SpoolDirectory(TestProperties.with("temp-dir=" + dir).bind(UploadProperties.class));
        try {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                    .isEqualTo("rwx------");
            Path file = spool.newFile();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .isEqualTo("rw-------");
            assertThat(file.getFileName().toString()).startsWith("upload-").endsWith(".part");
        } finally {
            spool.destroy();
        }
    }

    @Test
    void tightensAnExistingDirectoryOfItsOwn() throws Exception {
        Files.createDirectories(
                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));

        new SpoolDirectory(TestProperties.with("temp-dir=" + dir).bind(UploadProperties.class)).destroy();

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                .isEqualTo("rwx------");
    }

    @Test
    void refusesADirectoryAnotherUserOwns() throws Exception {
        Files.createDirectories(dir);
        UserPrincipal other;
        try {
            other = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(dir, other);
        } catch (Exception e) {
            assumeTrue(false, "cannot give the directory to another user here: " + e);
            return;
        }

        assertThatIllegalStateException()
                .isThrownBy(() -> new SpoolDirectory(
                        TestProperties.with("temp-dir=" + dir).bind(UploadProperties.class)))
                .withMessageContaining("belongs to 'nobody'");
    }

    @Test
    void removesTheSpoolFilesAKilledRunLeftAndNothingElse() throws Exception {
        Files.createDirectories(dir);
        Path stale = Files.writeString(dir.resolve("upload-123.part"), "partial");
        Path other = Files.writeString(dir.resolve("notes.txt"), "kept");

        SpoolDirectory spool =
                new SpoolDirectory(TestProperties.with("temp-dir=" + dir).bind(UploadProperties.class));
        spool.destroy();

        assertThat(stale).doesNotExist();
        assertThat(other).exists();
    }

    @Test
    void leavesTheFilesOfAProcessThatStillUsesTheDirectory() throws Exception {
        SpoolDirectory running =
                new SpoolDirectory(TestProperties.with("temp-dir=" + dir).bind(UploadProperties.class));
        try {
            Path inUse = running.newFile();

            // A second service on the same directory (here: in the same JVM, the lock is the same) must not delete it.
            new SpoolDirectory(TestProperties.with("temp-dir=" + dir).bind(UploadProperties.class)).destroy();

            assertThat(inUse).exists();
        } finally {
            running.destroy();
        }
    }
}
