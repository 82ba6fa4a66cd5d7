package dev.iolab.upload.storage;

import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.BlockBlobItem;
import com.azure.storage.blob.models.ParallelTransferOptions;
import com.azure.storage.blob.options.BlobUploadFromFileOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.commons.io.IOUtils;

/**
 * {@link BlobStorage} on the Azure SDK. An upload whose length is known is one Put Blob — a pushed stream
 * ({@link PushedBody}), the chunks of an in-memory body, or a file — the cheapest way into the store; one of unknown
 * length (or over {@code maxSingleUploadSize}) is staged in blocks on a blob of its own in the staging container and
 * then copied under its name, so that no concurrent upload to the same name can discard its blocks (a commit discards
 * every uncommitted block of its blob).
 */
class AzureBlobStorage implements BlobStorage {

    private static final String CONTENT_TYPE = StagingArea.CONTENT_TYPE;

    private final AzureContainers containers;
    private final AzureStagingArea staging;
    private final long blockSize;
    private final long maxSingleUploadSize;
    private final int maxConcurrency;

    AzureBlobStorage(
            AzureContainers containers,
            AzureStagingArea staging,
            long blockSize,
            long maxSingleUploadSize,
            int maxConcurrency) {
        this.containers = containers;
        this.staging = staging;
        this.blockSize = blockSize;
        this.maxSingleUploadSize = maxSingleUploadSize;
        this.maxConcurrency = maxConcurrency;
    }

    @Override
    public byte[] putStream(String name, InputStream data, long length, int chunkSize, byte[] contentMd5)
            throws IOException {
        PushedBody body = new PushedBody();
        BlockBlobSimpleUploadOptions options = new BlockBlobSimpleUploadOptions(body.flux(), length)
                .setHeaders(new BlobHttpHeaders().setContentType(CONTENT_TYPE))
                .setContentMd5(contentMd5);
        CompletableFuture<Response<BlockBlobItem>> response = containers
                .streaming()
                .getBlobAsyncClient(name)
                .getBlockBlobAsyncClient()
                .uploadWithResponse(options)
                .toFuture();
        try {
            push(name, data, length, chunkSize, body, response);
        } catch (IOException | RuntimeException e) {
            body.fail(e);
            settle(response);
            throw e;
        } catch (InterruptedException e) {
            body.fail(e);
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("interrupted while uploading '" + name + "'", e);
        }
        return storedMd5(name, await(name, response).getValue());
    }

    /**
     * Reads {@code data} chunk by chunk and hands each chunk over when the HTTP client asks for one, holding the last
     * chunk back until {@code data} has reported end of stream.
     */
    private void push(
            String name,
            InputStream data,
            long length,
            int chunkSize,
            PushedBody body,
            CompletableFuture<Response<BlockBlobItem>> response)
            throws IOException, InterruptedException {
        long sent = 0;
        byte[] held = null;
        int heldLength = 0;
        while (true) {
            byte[] chunk = new byte[chunkSize];
            int n = IOUtils.read(data, chunk);
            if (held != null) {
                emit(name, body, ByteBuffer.wrap(held, 0, heldLength), response);
            }
            sent += n;
            if (sent > length) {
                throw new IOException("'" + name + "' has more than the " + length + " bytes it was announced with");
            }
            held = chunk;
            heldLength = n;
            if (n < chunkSize) {
                break; // IOUtils.read fills the chunk unless it met end of stream
            }
        }
        if (sent != length) {
            throw new IOException("'" + name + "' ended after " + sent + " of its " + length + " bytes");
        }
        if (heldLength > 0) {
            emit(name, body, ByteBuffer.wrap(held, 0, heldLength), response);
        }
        body.complete();
    }

    private void emit(
            String name, PushedBody body, ByteBuffer chunk, CompletableFuture<Response<BlockBlobItem>> response)
            throws InterruptedException {
        try {
            if (!body.emit(chunk, containers.tryTimeout())) {
                settle(response);
                throw failureOf(name, response);
            }
        } catch (TimeoutException e) {
            body.fail(e);
            settle(response);
            throw new StorageTimeoutException("blob store took no data for '" + name + "'", e);
        }
    }

    /** The answer after the last chunk; a missing container is created again, but this upload cannot be repeated. */
    private Response<BlockBlobItem> await(String name, CompletableFuture<Response<BlockBlobItem>> response) {
        try {
            return response.get(containers.tryTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            response.cancel(true);
            throw new StorageTimeoutException("blob store did not answer for '" + name + "'", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("interrupted while uploading '" + name + "'", e);
        } catch (ExecutionException | CancellationException e) {
            throw failureOf(name, response);
        }
    }

    private StorageException failureOf(String name, CompletableFuture<Response<BlockBlobItem>> response) {
        Throwable cause;
        try {
            response.getNow(null);
            cause = new IllegalStateException("the HTTP client stopped taking the body before the store answered");
        } catch (java.util.concurrent.CompletionException | CancellationException e) {
            cause = e.getCause() == null ? e : e.getCause();
        }
        StorageException failure = AzureCalls.translate(name, cause);
        if (failure instanceof AzureCalls.ContainerMissingException) {
            containers.heal();
            return new StorageRecoveringException(
                    "the container was missing and has been created again; send '" + name + "' once more", failure);
        }
        return failure;
    }

    /** Waits (briefly) until an aborted request has really ended, so nothing of it can be committed afterwards. */
    private void settle(CompletableFuture<?> response) {
        try {
            response.get(containers.tryTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | CancellationException e) {
            // ended (or abandoned): the caller reports its own failure
        }
    }

    @Override
    public byte[] putChunks(String name, List<ByteBuffer> chunks, long length, byte[] contentMd5) {
        BlockBlobItem stored = containers.healing(
                name,
                () -> block(name)
                        .uploadWithResponse(
                                new BlockBlobSimpleUploadOptions(BinaryData.fromListByteBuffer(readOnly(chunks)))
                                        .setHeaders(new BlobHttpHeaders().setContentType(CONTENT_TYPE))
                                        .setContentMd5(contentMd5),
                                null,
                                Context.NONE)
                        .getValue());
        return storedMd5(name, stored);
    }

    @Override
    public byte[] putFile(String name, Path file, byte[] contentMd5) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (size <= maxSingleUploadSize) {
            BlockBlobItem stored = containers.healing(
                    name,
                    () -> block(name)
                            .uploadWithResponse(
                                    new BlockBlobSimpleUploadOptions(BinaryData.fromFile(file))
                                            .setHeaders(new BlobHttpHeaders().setContentType(CONTENT_TYPE))
                                            .setContentMd5(contentMd5),
                                    null,
                                    Context.NONE)
                            .getValue());
            return storedMd5(name, stored);
        }
        // Put Block List computes no MD5: the blob gets the file's, computed here (files this large are rare).
        byte[] md5 = contentMd5 != null ? contentMd5 : md5Of(file);
        String stagingName = staging.newName("files");
        try {
            BlobClient target = staging.blob(stagingName);
            Response<BlockBlobItem> uploaded = containers.healing(
                    stagingName,
                    () -> target.uploadFromFileWithResponse(
                            new BlobUploadFromFileOptions(file.toString())
                                    .setHeaders(headers(md5))
                                    .setParallelTransferOptions(new ParallelTransferOptions()
                                            .setBlockSizeLong(blockSize)
                                            .setMaxSingleUploadSizeLong(blockSize)
                                            .setMaxConcurrency(maxConcurrency)),
                            null,
                            Context.NONE));
            staging.copy(stagingName, uploaded.getValue().getETag(), size, name);
            return md5;
        } finally {
            staging.delete(stagingName);
        }
    }

    /**
     * The MD5 the store computed for a Put Blob (Azure does for every Put Blob since API version 2012-02-12, Azurite
     * too), else the blob's stored one.
     */
    private byte[] storedMd5(String name, BlockBlobItem stored) {
        if (stored != null && stored.getContentMd5() != null) {
            return stored.getContentMd5();
        }
        byte[] md5 = AzureCalls.call(name, () -> blob(name).getProperties().getContentMd5());
        if (md5 == null) {
            throw new StorageUnavailableException("the blob store reported no MD5 for '" + name + "'", null);
        }
        return md5;
    }

    private static byte[] md5Of(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            java.security.MessageDigest md5 = java.security.MessageDigest.getInstance("MD5");
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                md5.update(buffer, 0, n);
            }
            return md5.digest();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }

    @Override
    public BlockUpload startBlocks(String name) {
        return new StagedBlocks(name, staging.newName("blocks"));
    }

    @Override
    public void ping() {
        AzureCalls.run(containers.uploads().getBlobContainerName(), containers.uploads()::getProperties);
    }

    @Override
    public long blockSize() {
        return blockSize;
    }

    @Override
    public long maxSingleUploadSize() {
        return maxSingleUploadSize;
    }

    @Override
    public int maxBlocks() {
        return 50_000;
    }

    private BlobClient blob(String name) {
        return containers.uploads().getBlobClient(name);
    }

    private BlockBlobClient block(String name) {
        return blob(name).getBlockBlobClient();
    }

    private static BlobHttpHeaders headers(byte[] md5) {
        return new BlobHttpHeaders().setContentType(CONTENT_TYPE).setContentMd5(md5);
    }

    private static List<ByteBuffer> readOnly(List<ByteBuffer> chunks) {
        return chunks.stream().map(ByteBuffer::asReadOnlyBuffer).toList();
    }

    /** Blocks staged on a staging blob of their own, copied under the name at commit. */
    private final class StagedBlocks implements BlockUpload {

        private final String name;
        private final String stagingName;
        private final List<String> ids = new ArrayList<>();
        private long bytes;
        private boolean committed;

        StagedBlocks(String name, String stagingName) {
            this.name = name;
            this.stagingName = stagingName;
        }

        @Override
        public void stage(byte[] buffer, int length) {
            // Same ID shape as the SDK (Base64 of a UUID): Azure refuses blocks whose IDs differ in length.
            String id = Base64.getEncoder()
                    .encodeToString(UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
            containers.healing(
                    stagingName,
                    () -> staging.blob(stagingName)
                            .getBlockBlobClient()
                            .stageBlock(id, BinaryData.fromByteBuffer(ByteBuffer.wrap(buffer, 0, length))));
            ids.add(id);
            bytes += length;
        }

        @Override
        public void commit(byte[] md5) {
            BlockBlobItem item = AzureCalls.call(
                    stagingName,
                    () -> staging.blob(stagingName)
                            .getBlockBlobClient()
                            .commitBlockListWithResponse(
                                    new BlockBlobCommitBlockListOptions(ids).setHeaders(headers(md5)),
                                    null,
                                    Context.NONE)
                            .getValue());
            staging.copy(stagingName, item.getETag(), bytes, name);
            committed = true;
            staging.delete(stagingName);
        }

        @Override
        public void close() {
            if (!committed) {
                staging.delete(stagingName);
            }
        }
    }

    @Override
    public BlobInfo info(String name) {
        return AzureCalls.call(name, () -> {
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
            AzureCalls.call(
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
