package dev.iolab.bench.zerocopy;

import dev.iolab.bench.nativeio.NativeFileCopy;
import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.nio.file.Path;

/**
 * libc {@code sendfile(2)} in a loop, through FFM ({@link NativeFileCopy#sendfile}): the C post's zero-copy method,
 * the data moved page cache to page cache in the kernel. With {@link NativeCopyFileRangeFileCopier}, the ceiling of
 * {@code TRANSFER_TO} and {@code FILES_COPY}, which use one of the two.
 */
final class NativeSendfileFileCopier implements FileCopier {

    @Override
    public long copy(Path source, Path target) throws IOException {
        return NativeFileCopy.sendfile(source, target);
    }
}
