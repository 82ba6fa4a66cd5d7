package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobStorage;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.IOUtils;

/**
 * {@code buffer-4k}, {@code buffer-4m}, {@code buffer-8m}: streams the body through one fixed buffer of that size
 * ({@link FixedBufferInputStream}, filled completely before its bytes move on), stages each block of the configured
 * block size as it fills, and commits the block list after the body's end. Nothing reads ahead: an upload holds
 * exactly its buffer and one block (plus the SDK's per-request overhead), which is what the budget reserves.
 * <p>
 * Why the block is not simply the filled buffer: with a 4 KiB buffer that meant 2,560 Put Block requests per
 * 10 MB file and at most 195 MiB per blob (Azure allows 50,000 blocks); measured here, 125 such 10 MB uploads had
 * not finished after 9 minutes. The buffer size is what the experiment varies; the block size is a storage setting.
 */
final class FixedBufferUploadStrategy implements UploadStrategy {

    /** Heap the SDK and its HTTP client hold per stage request beyond the block itself (an estimate, bytes). */
    static final long SDK_REQUEST_OVERHEAD = 64 * 1024;

    private final String id;
    private final int bufferSize;
    private final BlobStorage storage;

    FixedBufferUploadStrategy(String id, int bufferSize, BlobStorage storage) {
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
        return bufferSize + storage.blockSize() + SDK_REQUEST_OVERHEAD;
    }

    @Override
    public void upload(String name, IncomingBody body, long length) throws IOException {
        byte[] block = new byte[Math.toIntExact(storage.blockSize())];
        List<String> blocks = new ArrayList<>();
        // Not closed: the container owns the request stream.
        InputStream in = new FixedBufferInputStream(body.stream(), bufferSize);
        while (true) {
            int n = IOUtils.read(in, block);
            if (n > 0) {
                if (blocks.size() == storage.maxBlocks()) {
                    throw new BodyException(
                            ProblemType.TOO_LARGE,
                            "a blob holds at most " + storage.maxBlocks() + " blocks of " + block.length
                                    + " bytes (upload.azure.block-size)");
                }
                blocks.add(storage.stageBlock(name, block, n));
            }
            if (n < block.length) {
                break; // IOUtils.read fills the block unless it met end of stream
            }
        }
        storage.commitBlocks(name, blocks, body.md5());
    }
}
