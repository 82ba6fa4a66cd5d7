package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobDownload;
import dev.iolab.upload.storage.BlobStorage;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** A block store in memory for strategy unit tests: keeps staged blocks and records the commit; 1 KiB blocks. */
final class RecordingBlobStorage implements BlobStorage {

    static final int BLOCK = 1024;

    final Map<String, byte[]> staged = new LinkedHashMap<>();
    final int maxBlocks;
    List<String> committed;
    byte[] committedMd5;

    RecordingBlobStorage(int maxBlocks) {
        this.maxBlocks = maxBlocks;
    }

    @Override
    public String stageBlock(String name, byte[] buffer, int length) {
        String id = "block-" + staged.size();
        staged.put(id, Arrays.copyOf(buffer, length));
        return id;
    }

    @Override
    public void commitBlocks(String name, List<String> blockIds, byte[] md5) {
        committed = new ArrayList<>(blockIds);
        committedMd5 = md5;
    }

    @Override
    public long blockSize() {
        return BLOCK;
    }

    @Override
    public int maxBlocks() {
        return maxBlocks;
    }

    @Override
    public long sdkBufferBytes() {
        return 2L * BLOCK;
    }

    @Override
    public void uploadStream(String name, InputStream data, Supplier<byte[]> md5) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void uploadBytes(String name, byte[] data, int length, byte[] md5) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void uploadFile(String name, Path file, byte[] md5) {
        throw new UnsupportedOperationException();
    }

    @Override
    public BlobDownload open(String name) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void ping() {}
}
