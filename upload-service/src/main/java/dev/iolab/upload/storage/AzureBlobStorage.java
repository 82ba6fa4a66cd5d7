package dev.iolab.upload.storage;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.ParallelTransferOptions;
import com.azure.storage.blob.options.BlobInputStreamOptions;
import com.azure.storage.blob.options.BlobParallelUploadOptions;
import com.azure.storage.blob.options.BlobUploadFromFileOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.specialized.BlobInputStream;
import com.azure.storage.blob.specialized.BlockBlobClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.commons.io.input.ObservableInputStream;

/**
 * {@link BlobStorage} on the Azure SDK's synchronous block-blob clients. SDK-managed uploads use
 * {@link ParallelTransferOptions} with {@code maxSingleUploadSize = blockSize}, so the SDK holds at most
 * {@code blockSize × (maxConcurrency + 1)} bytes per upload instead of buffering up to 256 MB for a single shot.
 */
class AzureBlobStorage implements BlobStorage {

    private static final String CONTENT_TYPE = "application/octet-stream";

    private final BlobContainerClient container;
    private final ParallelTransferOptions transferOptions;
    private final long blockSize;
    private final long sdkBufferBytes;

    AzureBlobStorage(BlobContainerClient container, long blockSize, int maxConcurrency) {
        this.container = container;
        this.transferOptions = new ParallelTransferOptions()
                .setBlockSizeLong(blockSize)
                .setMaxSingleUploadSizeLong(blockSize)
                .setMaxConcurrency(maxConcurrency);
        this.blockSize = blockSize;
        this.sdkBufferBytes = blockSize * (maxConcurrency + 1L);
    }

    @Override
    public void uploadStream(String name, InputStream data, Supplier<byte[]> md5) {
        BlobHttpHeaders headers = new BlobHttpHeaders().setContentType(CONTENT_TYPE);
        // The SDK reads the headers when it commits, after the stream's end: fill in the MD5 exactly then.
        ObservableInputStream observed = new ObservableInputStream(data, new ObservableInputStream.Observer() {
            @Override
            public void finished() {
                headers.setContentMd5(md5.get());
            }
        });
        translate(
                name,
                () -> blob(name)
                        .uploadWithResponse(
                                new BlobParallelUploadOptions(observed)
                                        .setHeaders(headers)
                                        .setParallelTransferOptions(transferOptions),
                                null,
                                Context.NONE));
    }

    @Override
    public void uploadBytes(String name, byte[] data, int length, byte[] md5) {
        BinaryData bytes = BinaryData.fromByteBuffer(ByteBuffer.wrap(data, 0, length));
        translate(
                name,
                () -> blob(name)
                        .uploadWithResponse(
                                new BlobParallelUploadOptions(bytes)
                                        .setHeaders(headers(md5))
                                        .setParallelTransferOptions(transferOptions),
                                null,
                                Context.NONE));
    }

    @Override
    public void uploadFile(String name, Path file, byte[] md5) {
        translate(
                name,
                () -> blob(name)
                        .uploadFromFileWithResponse(
                                new BlobUploadFromFileOptions(file.toString())
                                        .setHeaders(headers(md5))
                                        .setParallelTransferOptions(transferOptions),
                                null,
                                Context.NONE));
    }

    @Override
    public String stageBlock(String name, byte[] buffer, int length) {
        // Same ID shape as the SDK (Base64 of a UUID): Azure refuses blocks whose IDs differ in length.
        String id =
                Base64.getEncoder().encodeToString(UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
        translate(
                name, () -> block(name).stageBlock(id, BinaryData.fromByteBuffer(ByteBuffer.wrap(buffer, 0, length))));
        return id;
    }

    @Override
    public void commitBlocks(String name, List<String> blockIds, byte[] md5) {
        translate(
                name,
                () -> block(name)
                        .commitBlockListWithResponse(
                                new BlockBlobCommitBlockListOptions(blockIds).setHeaders(headers(md5)),
                                null,
                                Context.NONE));
    }

    @Override
    public BlobDownload open(String name) {
        return translate(name, () -> {
            // Whole-blob properties carry the stored MD5; reading is pinned to that version by its ETag.
            BlobProperties properties = blob(name).getProperties();
            BlobInputStream in = blob(name)
                    .openInputStream(new BlobInputStreamOptions()
                            .setRequestConditions(new BlobRequestConditions().setIfMatch(properties.getETag())));
            return new BlobDownload(properties.getBlobSize(), properties.getContentMd5(), in);
        });
    }

    @Override
    public void ping() {
        translate(container.getBlobContainerName(), container::getProperties);
    }

    @Override
    public long blockSize() {
        return blockSize;
    }

    @Override
    public long sdkBufferBytes() {
        return sdkBufferBytes;
    }

    @Override
    public int maxBlocks() {
        return 50_000;
    }

    private BlobClient blob(String name) {
        return container.getBlobClient(name);
    }

    private BlockBlobClient block(String name) {
        return blob(name).getBlockBlobClient();
    }

    private static BlobHttpHeaders headers(byte[] md5) {
        return new BlobHttpHeaders().setContentType(CONTENT_TYPE).setContentMd5(md5);
    }

    private static void translate(String name, Runnable call) {
        translate(name, () -> {
            call.run();
            return null;
        });
    }

    /** Maps SDK failures to the feature's exceptions: 404 → not found, timeouts → 504, everything else → 502. */
    private static <T> T translate(String name, Supplier<T> call) {
        try {
            return call.get();
        } catch (BlobStorageException e) {
            if (e.getStatusCode() == 404) {
                throw new BlobNotFoundException(name, e);
            }
            throw new StorageUnavailableException(
                    "blob store answered " + e.getStatusCode() + " for '" + name + "'", e);
        } catch (RuntimeException e) {
            if (hasCause(e, TimeoutException.class)) {
                throw new StorageTimeoutException("blob store timed out for '" + name + "'", e);
            }
            throw new StorageUnavailableException("blob store failed for '" + name + "': " + e, e);
        }
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
            for (Throwable s : t.getSuppressed()) {
                if (type.isInstance(s)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public BlobInfo info(String name) {
        return translate(name, () -> {
            BlobProperties properties = blob(name).getProperties();
            return new BlobInfo(
                    properties.getBlobSize(),
                    properties.getContentMd5(),
                    properties.getETag(),
                    properties.getLastModified());
        });
    }

    @Override
    public void read(String name, String etag, long offset, byte[] buffer, int length) {
        ArrayOutputStream into = new ArrayOutputStream(buffer, length);
        try {
            translate(
                    name,
                    () -> blob(name)
                            .downloadStreamWithResponse(
                                    into,
                                    new BlobRange(offset, (long) length),
                                    null,
                                    new BlobRequestConditions().setIfMatch(etag),
                                    false,
                                    null,
                                    Context.NONE));
        } catch (StorageUnavailableException e) {
            if (e.getCause() instanceof BlobStorageException store && store.getStatusCode() == 412) {
                throw new BlobChangedException(name, store);
            }
            throw e;
        }
        if (into.count != length) {
            throw new StorageUnavailableException(
                    "blob store returned " + into.count + " of " + length + " bytes at " + offset + " of '" + name
                            + "'",
                    null);
        }
    }

    /** Writes into a caller's array, and refuses to write past {@code length}. */
    private static final class ArrayOutputStream extends OutputStream {

        private final byte[] buffer;
        private final int length;
        private int count;

        ArrayOutputStream(byte[] buffer, int length) {
            this.buffer = buffer;
            this.length = length;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int n) throws IOException {
            if (n > length - count) {
                throw new IOException("the store sent more than the " + length + " bytes asked for");
            }
            System.arraycopy(bytes, offset, buffer, count, n);
            count += n;
        }
    }
}
