package dev.iolab.upload.transfer.strategy;

import static dev.iolab.upload.support.Payloads.md5;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.RecordingBlobStorage;
import dev.iolab.upload.transfer.body.IncomingBody;
import java.io.ByteArrayInputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How {@code on-demand} reaches the store: one streamed Put Blob when the length is known and small enough, blocks
 * otherwise; and what it reserves, whatever the size.
 */
class OnDemandUploadStrategyTest {

    private final RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
    private final OnDemandUploadStrategy onDemand = new OnDemandUploadStrategy(storage);

    @ParameterizedTest(name = "{0} bytes, declared {1}: {2}")
    @CsvSource({
        "0,    0,    stream",
        "5000, 5000, stream",
        "8192, 8192, stream",
        "8193, 8193, blocks",
        "5000, -1,   blocks",
        "0,    -1,   blocks"
    })
    void streamsAKnownLengthAsOnePutBlobAndStagesBlocksOtherwise(int size, long declared, String expected)
            throws Exception {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), declared, 1 << 20, md5(data));

        onDemand.upload("x", body, declared, null);

        assertThat(storage.blobs.get("x")).isEqualTo(data);
        assertThat(storage.writtenAs.get("x")).isEqualTo(expected);
        if (expected.equals("stream")) {
            assertThat(storage.streamedContentMd5)
                    .as("the client's MD5, for the store to check")
                    .isEqualTo(md5(data));
        } else {
            assertThat(storage.committedMd5).isEqualTo(md5(data));
        }
    }

    @Test
    void reservesTheSameWhateverTheFilesSize() {
        assertThat(onDemand.memoryCost(0)).isEqualTo(MemoryCosts.pushed(0));
        assertThat(onDemand.memoryCost(RecordingBlobStorage.SINGLE)).isEqualTo(MemoryCosts.pushed(0));
        assertThat(onDemand.memoryCost(-1)).isEqualTo(MemoryCosts.blocks(0, RecordingBlobStorage.BLOCK));
        assertThat(onDemand.memoryCost(1L << 30)).isEqualTo(MemoryCosts.blocks(0, RecordingBlobStorage.BLOCK));
    }
}
