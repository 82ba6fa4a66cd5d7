package dev.iolab.bench.copy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** The copy loop of the original experiment, written once against the stream superclasses. */
final class StreamCopy {

    private StreamCopy() {}

    /**
     * Copies {@code in} to {@code out} one byte at a time with {@link InputStream#read()} and
     * {@link OutputStream#write(int)}, exactly as the original experiment did. Whether each call is a system call
     * or an array access depends only on which subtypes the caller passes in.
     *
     * @return the number of bytes copied
     */
    static long byteAtATime(InputStream in, OutputStream out) throws IOException {
        long count = 0;
        int b;
        while ((b = in.read()) != -1) {
            out.write(b);
            count++;
        }
        return count;
    }
}
