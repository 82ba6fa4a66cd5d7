package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.UploadProperties;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The {@code temp-file} strategy's spool directory ({@code upload.temp-dir}): {@code 0700} and owned by the service's
 * user (created so, or tightened; start-up fails when another user owns it, since that user could read every upload),
 * spool files {@code 0600}. The service holds a lock on {@code .lock} in it while it runs; the one that gets the lock at
 * start deletes the spool files a killed predecessor left behind. A directory locked by another live process is used
 * as it is, its files left alone (give each instance its own directory).
 */
@Component
public class SpoolDirectory implements DisposableBean {

    static final String PREFIX = "upload-";
    public static final String SUFFIX = ".part";

    private static final Logger log = LoggerFactory.getLogger(SpoolDirectory.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final Path directory;
    private final boolean posix;
    private final FileChannel lockChannel;
    private final FileLock lock;

    public SpoolDirectory(UploadProperties properties) throws IOException {
        this.directory = properties.effectiveTempDir().toAbsolutePath();
        this.posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        prepare();
        this.lockChannel =
                FileChannel.open(directory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        this.lock = tryLock(lockChannel);
        if (lock != null) {
            removeStaleFiles();
        } else {
            log.info("Spool directory {} is in use by another live process; its files are left alone", directory);
        }
    }

    /** The directory. */
    Path path() {
        return directory;
    }

    /** A new, empty spool file, readable and writable by the service's user only. */
    Path newFile() throws IOException {
        return posix
                ? Files.createTempFile(directory, PREFIX, SUFFIX, PosixFilePermissions.asFileAttribute(FILE_OWNER_ONLY))
                : Files.createTempFile(directory, PREFIX, SUFFIX);
    }

    private void prepare() throws IOException {
        if (!posix) {
            Files.createDirectories(directory);
            return;
        }
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory.getParent());
            FileAttribute<Set<PosixFilePermission>> ownerOnly = PosixFilePermissions.asFileAttribute(OWNER_ONLY);
            try {
                Files.createDirectory(directory, ownerOnly);
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // created meanwhile: checked below like any existing directory
            }
        }
        UserPrincipal owner = Files.getOwner(directory);
        String me = System.getProperty("user.name");
        if (!owner.getName().equals(me)) {
            throw new IllegalStateException("Spool directory " + directory + " (upload.temp-dir) belongs to '"
                    + owner.getName() + "', not to the service's user '" + me
                    + "', who could then read every upload; remove it or choose another directory");
        }
        if (!Files.getPosixFilePermissions(directory).equals(OWNER_ONLY)) {
            log.info("Spool directory {}: permissions set to rwx------", directory);
            Files.setPosixFilePermissions(directory, OWNER_ONLY);
        }
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException sameJvm) {
            return null;
        }
    }

    private void removeStaleFiles() throws IOException {
        int removed = 0;
        try (DirectoryStream<Path> stale = Files.newDirectoryStream(directory, PREFIX + "*" + SUFFIX)) {
            for (Path file : stale) {
                if (Files.deleteIfExists(file)) {
                    removed++;
                }
            }
        }
        if (removed > 0) {
            log.warn("Removed {} spool files a previous run left in {}", removed, directory);
        }
    }

    @Override
    public void destroy() throws IOException {
        if (lock != null) {
            lock.release();
        }
        lockChannel.close();
    }
}
