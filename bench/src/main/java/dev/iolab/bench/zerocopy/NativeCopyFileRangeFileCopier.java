package dev.iolab.bench.zerocopy;

import dev.iolab.bench.nativeio.NativeFileCopy;
import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.nio.file.Path;

/**
 * libc {@code copy_file_range(2)} in a loop, through FFM ({@link NativeFileCopy#copyFileRange}): what
 * {@code FileChannel.transferTo} and {@code Files.copy} call between two files on Linux, without their fallbacks.
 * If the kernel refuses it for the benchmark's files ({@code EXDEV}, {@code ENOSYS}, {@code EOPNOTSUPP}), the copy
 * fails, and with it the trial, with a message saying so: this row never measures another call.
 */
final class NativeCopyFileRangeFileCopier implements FileCopier {

    @Override
    public long copy(Path source, Path target) throws IOException {
        return NativeFileCopy.copyFileRange(source, target);
    }
}
