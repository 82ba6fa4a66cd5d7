package dev.iolab.upload.resumable;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * How an upload's bytes map onto blocks: every block is {@code blockSize} bytes and starts at a multiple of it, except
 * the last, which holds the rest. A block's ID is derived from its offset alone (Base64 of the offset written with
 * {@value #ID_DIGITS} digits: Azure wants every ID of a blob the same length), so any replica can tell from the blob's
 * block list how far the upload got, and a block sent twice replaces itself.
 *
 * @param blockSize bytes per block
 * @param length the upload's length in bytes
 */
record BlockGrid(int blockSize, long length) {

    /** Most blocks one blob may commit. */
    static final int MAX_BLOCKS = 50_000;

    static final int ID_DIGITS = 19;

    BlockGrid {
        if (blockSize <= 0 || length < 0) {
            throw new IllegalArgumentException("block size " + blockSize + ", length " + length);
        }
    }

    /** The longest upload blocks of {@code blockSize} can hold. */
    static long maxLength(int blockSize) {
        return (long) blockSize * MAX_BLOCKS;
    }

    /** The ID of the block starting at {@code offset}, a multiple of the block size. */
    String blockId(long offset) {
        if (offset < 0 || offset % blockSize != 0 || offset >= Math.max(1, length)) {
            throw new IllegalArgumentException("no block starts at " + offset);
        }
        String digits = String.format("%0" + ID_DIGITS + "d", offset);
        return Base64.getEncoder().encodeToString(digits.getBytes(StandardCharsets.US_ASCII));
    }

    /** Bytes of the block starting at {@code offset}: the block size, or what is left of the upload. */
    int sizeAt(long offset) {
        return (int) Math.min(blockSize, length - offset);
    }

    /**
     * How many bytes are stored: the blocks from offset 0 on, each present with its expected size, up to the first
     * missing one, and no further than {@code limit} (where a checksummed PATCH began that was not verified).
     *
     * @param blocks the blocks, committed and uncommitted, ID to size
     */
    long offset(Map<String, Long> blocks, long limit) {
        long offset = 0;
        while (offset < length && offset < limit) {
            Long size = blocks.get(blockId(offset));
            if (size == null || size != sizeAt(offset)) {
                break;
            }
            offset += size;
        }
        return Math.min(offset, limit);
    }

    /** Where the last block starts (0 for an empty upload). */
    long lastBlockStart() {
        return length == 0 ? 0 : (length - 1) / blockSize * blockSize;
    }

    /** Every block's ID, in order: the block list that completes the upload. */
    List<String> blockIds() {
        List<String> ids = new ArrayList<>();
        for (long offset = 0; offset < length; offset += blockSize) {
            ids.add(blockId(offset));
        }
        return ids;
    }
}
