package dev.iolab.upload.upload;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import dev.iolab.upload.storage.BlobStorage;
import org.apache.commons.io.IOUtils;

/**
 * {@code buffer-4k}, {@code buffer-4m}, {@code buffer-8m}: streams through one fixed buffer, staging a block each
 * time it is full (and once for the rest), then commits the block list. Costs the buffer plus the SDK's request
 * overhead. A blob may have at most 50,000 blocks, so a small buffer caps the file size (4 KiB → 195 MiB).
 */
final class BufferedBlockUploadStrategy implements UploadStrategy {

    /** Heap the SDK and its HTTP client hold per stage request beyond our buffer (an estimate, bytes). */
    static final long SDK_REQUEST_OVERHEAD = 64 * 1024;

    private final String id;
    private final int bufferSize;
    private final BlobStorage storage;

    BufferedBlockUploadStrategy(String id, int bufferSize, BlobStorage storage) {
        this.id = id;
        this.bufferSize = bufferSize;
        this.storage = storage;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public long memoryCost(long length) {
        return bufferSize + SDK_REQUEST_OVERHEAD;
    }

    @Override
    public void upload(String name, IncomingBody body, long length) throws IOException {
        byte[] buffer = new byte[bufferSize];
        InputStream in = body.stream();
        List<String> blocks = new ArrayList<>();
        while (true) {
            int n = IOUtils.read(in, buffer);
            if (n > 0) {
                if (blocks.size() == storage.maxBlocks()) {
                    throw new BodyException(ProblemType.TOO_LARGE, id + " stores at most " + storage.maxBlocks()
                            + " blocks of " + bufferSize + " bytes; use another strategy");
                }
                blocks.add(storage.stageBlock(name, buffer, n));
            }
            if (n < buffer.length) {
                break; // IOUtils.read fills the buffer unless it met end of stream
            }
        }
        storage.commitBlocks(name, blocks, body.md5());
    }
}
