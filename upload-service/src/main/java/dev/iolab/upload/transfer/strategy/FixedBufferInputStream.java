package dev.iolab.upload.transfer.strategy;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.ProxyInputStream;

/**
 * Passes a stream through one fixed buffer of {@code bufferSize} bytes: the buffer is filled completely from the
 * source (fewer bytes only at end of stream) before any of it is handed on, and a read never returns more than the
 * buffer holds. Unlike {@link java.io.BufferedInputStream} it never bypasses its buffer for large reads, so the
 * buffer's size is what a reader really streams through — and what it costs in memory.
 */
final class FixedBufferInputStream extends ProxyInputStream {

    private final byte[] buffer;
    private int position;
    private int limit;
    private boolean endOfStream;

    FixedBufferInputStream(InputStream source, int bufferSize) {
        super(Objects.requireNonNull(source, "source"));
        if (bufferSize < 1) {
            throw new IllegalArgumentException("bufferSize must be positive: " + bufferSize);
        }
        this.buffer = new byte[bufferSize];
    }

    @Override
    public int read() throws IOException {
        return fill() ? buffer[position++] & 0xff : IOUtils.EOF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return IOUtils.EOF;
        }
        int n = Math.min(len, limit - position);
        System.arraycopy(buffer, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int read(byte[] b) throws IOException {
        return read(b, 0, b.length);
    }

    @Override
    public long skip(long n) throws IOException {
        return IOUtils.skip(this, n);
    }

    @Override
    public int available() {
        return limit - position;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /** Refills an empty buffer; false at end of stream. */
    private boolean fill() throws IOException {
        if (position < limit) {
            return true;
        }
        if (endOfStream) {
            return false;
        }
        position = 0;
        limit = IOUtils.read(in, buffer);
        endOfStream = limit < buffer.length;
        return limit > 0;
    }
}
