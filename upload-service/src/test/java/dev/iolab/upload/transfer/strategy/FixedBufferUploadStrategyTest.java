package dev.iolab.upload.transfer.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.support.RecordingBlobStorage;
import dev.iolab.upload.transfer.body.BodyException;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.problem.UploadProblem;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How {@code buffer-N} streams a body of known length and cuts one of unknown length into staged blocks, against a
 * recording store (the round trip through the SDK
 * and Azurite is {@code UploadRoundTripTest}'s job).
 */
class FixedBufferUploadStrategyTest {

    private static final int BLOCK = RecordingBlobStorage.BLOCK;

    @ParameterizedTest
    @CsvSource({"0, 0", "1, 1", "1023, 1", "1024, 1", "1025, 2", "10000, 10"})
    void stagesFullBlocksOfTheConfiguredSizeAndCommitsThemInOrder(int size, int expectedBlocks) throws Exception {
        RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
        byte[] data = randomBytes(size);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), -1, 1 << 20, null);

        new FixedBufferUploadStrategy("buffer-4k", 4096, storage).upload("a.bin", body, -1, null);

        assertThat(storage.committed).hasSize(expectedBlocks);
        assertThat(storage.committed)
                .allSatisfy(id -> assertThat(storage.staged.get(id).length).isBetween(1, BLOCK));
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        storage.committed.forEach(id -> joined.writeBytes(storage.staged.get(id)));
        assertThat(joined.toByteArray()).isEqualTo(data);
        assertThat(storage.committedMd5)
                .isEqualTo(MessageDigest.getInstance("MD5").digest(data));
    }

    @Test
    void streamsAKnownLengthThroughItsBufferAsOnePutBlob() throws Exception {
        RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
        byte[] data = randomBytes(RecordingBlobStorage.SINGLE);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), data.length, 1 << 20, null);

        new FixedBufferUploadStrategy("buffer-4k", 4096, storage).upload("s.bin", body, data.length, null);

        assertThat(storage.writtenAs.get("s.bin")).isEqualTo("stream");
        assertThat(storage.blobs.get("s.bin")).isEqualTo(data);
        assertThat(storage.staged).isEmpty();
    }

    @Test
    void reservesItsBufferBesidesWhatStreamingOrOneBlockHolds() {
        RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
        FixedBufferUploadStrategy buffer4m = new FixedBufferUploadStrategy("buffer-4m", 4 << 20, storage);
        assertThat(buffer4m.memoryCost(RecordingBlobStorage.SINGLE)).isEqualTo(MemoryCosts.pushed(4 << 20));
        assertThat(buffer4m.memoryCost(-1)).isEqualTo(MemoryCosts.blocks(4 << 20, BLOCK));
    }

    @Test
    void refusesABodyThatNeedsMoreBlocksThanABlobMayHaveWithoutCommitting() throws Exception {
        RecordingBlobStorage storage = new RecordingBlobStorage(3);
        byte[] data = randomBytes(3 * BLOCK + 1);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), data.length, 1 << 20, null);

        assertThatExceptionOfType(BodyException.class)
                .isThrownBy(
                        () -> new FixedBufferUploadStrategy("buffer-4k", 4096, storage).upload("b.bin", body, -1, null))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.TOO_LARGE))
                .withMessageContaining("at most 3 blocks");
        assertThat(storage.committed).isNull();
    }

    private static byte[] randomBytes(int size) {
        byte[] data = new byte[size];
        new Random(11).nextBytes(data);
        return data;
    }
}
