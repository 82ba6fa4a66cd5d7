package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code FileChannel.transferTo}: the kernel copies without the data entering user space. On Linux the JDK uses
 * {@code copy_file_range(2)} between files (falling back to {@code sendfile(2)}); a call moves at most about 2 GB,
 * so the loop continues until the whole size is transferred.
 */
final class TransferToFileCopier implements FileCopier {

    @Override
    public long copy(Path source, Path target) throws IOException {
        try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
                FileChannel out = FileChannel.open(
                        target,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            long size = in.size();
            long position = 0;
            while (position < size) {
                long n = in.transferTo(position, size - position, out);
                if (n <= 0) {
                    throw new IOException("transferTo stopped at byte " + position + " of " + size + " of " + source
                            + " (did the file shrink while being copied?)");
                }
                position += n;
            }
            return position;
        }
    }
}
