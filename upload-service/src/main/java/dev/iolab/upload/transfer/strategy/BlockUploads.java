package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.transfer.body.BodyException;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.problem.UploadProblem;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.io.IOUtils;

/** Uploads of unknown length (chunked, multipart) or beyond one Put Blob: blocks staged as they fill, then committed. */
final class BlockUploads {

    private BlockUploads() {}

    /** Whether a file of this declared length goes to the store as one Put Blob. */
    static boolean singleShot(BlobStorage storage, long declaredLength) {
        return declaredLength >= 0 && declaredLength <= storage.maxSingleUploadSize();
    }

    /**
     * Stages {@code in} in blocks of the store's block size, filled completely (a short block only at the end), and
     * commits them with {@code body}'s MD5 (the body must be hashed) once {@code in} has ended; a body that needs more blocks than a blob may
     * have is refused with 413 before anything is committed.
     */
    static byte[] upload(BlobStorage storage, String name, InputStream in, IncomingBody body) throws IOException {
        byte[] block = new byte[Math.toIntExact(storage.blockSize())];
        int staged = 0;
        try (BlobStorage.BlockUpload blocks = storage.startBlocks(name)) {
            while (true) {
                int n = IOUtils.read(in, block);
                if (n > 0) {
                    if (staged == storage.maxBlocks()) {
                        throw new BodyException(
                                UploadProblem.TOO_LARGE,
                                "a blob holds at most " + storage.maxBlocks() + " blocks of " + block.length
                                        + " bytes (upload.azure.block-size)");
                    }
                    blocks.stage(block, n);
                    staged++;
                }
                if (n < block.length) {
                    break; // IOUtils.read fills the block unless it met end of stream
                }
            }
            blocks.commit(body.md5());
        }
        return body.md5();
    }
}
