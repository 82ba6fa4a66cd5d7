package dev.iolab.upload.upload;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

import dev.iolab.upload.storage.BlobDownload;
import dev.iolab.upload.storage.BlobStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How {@code buffer-N} cuts a body into staged blocks, against a recording store (the round trip through the SDK
 * and Azurite is {@code UploadRoundTripTest}'s job).
 */
class FixedBufferUploadStrategyTest {

    private static final int BLOCK = 1024;

    @ParameterizedTest
    @CsvSource({"0, 0", "1, 1", "1023, 1", "1024, 1", "1025, 2", "10000, 10"})
    void stagesFullBlocksOfTheConfiguredSizeAndCommitsThemInOrder(int size, int expectedBlocks) throws Exception {
        RecordingStorage storage = new RecordingStorage(50_000);
        byte[] data = randomBytes(size);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), size, 1 << 20, null);

        new FixedBufferUploadStrategy("buffer-4k", 4096, storage).upload("a.bin", body, size);

        assertThat(storage.committed).hasSize(expectedBlocks);
        assertThat(storage.committed).allSatisfy(id -> assertThat(storage.staged.get(id).length).isBetween(1, BLOCK));
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        storage.committed.forEach(id -> joined.writeBytes(storage.staged.get(id)));
        assertThat(joined.toByteArray()).isEqualTo(data);
        assertThat(storage.committedMd5).isEqualTo(MessageDigest.getInstance("MD5").digest(data));
    }

    @Test
    void reservesItsBufferAndOneBlockFromTheBudget() {
        RecordingStorage storage = new RecordingStorage(50_000);
        assertThat(new FixedBufferUploadStrategy("buffer-4m", 4 << 20, storage).memoryCost(10 << 20))
                .isEqualTo((4 << 20) + BLOCK + FixedBufferUploadStrategy.SDK_REQUEST_OVERHEAD);
    }

    @Test
    void refusesABodyThatNeedsMoreBlocksThanABlobMayHaveWithoutCommitting() throws Exception {
        RecordingStorage storage = new RecordingStorage(3);
        byte[] data = randomBytes(3 * BLOCK + 1);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), data.length, 1 << 20, null);

        assertThatExceptionOfType(BodyException.class)
                .isThrownBy(() -> new FixedBufferUploadStrategy("buffer-4k", 4096, storage).upload("b.bin", body, -1))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(ProblemType.TOO_LARGE))
                .withMessageContaining("at most 3 blocks");
        assertThat(storage.committed).isNull();
    }

    private static byte[] randomBytes(int size) {
        byte[] data = new byte[size];
        new Random(11).nextBytes(data);
        return data;
    }

    /** Keeps staged blocks in memory and records the commit. */
    private static final class RecordingStorage implements BlobStorage {

        final Map<String, byte[]> staged = new LinkedHashMap<>();
        final int maxBlocks;
        List<String> committed;
        byte[] committedMd5;

        RecordingStorage(int maxBlocks) {
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
        public void ping() {
        }
    }
}
