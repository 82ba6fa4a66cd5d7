package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code Files.copy(Path, Path, REPLACE_EXISTING)}: the JDK's own choice. On Linux it unlinks the target, then
 * copies in the kernel ({@code copy_file_range(2)}, else {@code sendfile(2)}, else a user-space loop) and copies the
 * permissions too.
 */
final class FilesCopyFileCopier implements FileCopier {

    @Override
    public long copy(Path source, Path target) throws IOException {
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        return Files.size(target);
    }
}
