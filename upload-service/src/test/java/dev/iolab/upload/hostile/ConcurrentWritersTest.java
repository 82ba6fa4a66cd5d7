package dev.iolab.upload.hostile;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.RawHttp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Uploads to one name that really overlap — both have started, both are held mid-body by their
 * clients — each get 201, and the blob is always one upload's bytes, whole: the one that finished last (last writer
 * wins, as a {@code PUT} does). Single Put Blobs are atomic; block uploads stage on blobs of their own, so one upload's
 * commit cannot discard the other's blocks.
 */
class ConcurrentWritersTest extends HostileUploadSupport {

    @ParameterizedTest(name = "{0} chunked={1} vs {2} chunked={3}")
    @CsvSource({
        "on-demand, false, on-demand, false",
        "buffer-4k, false, temp-file, false",
        "in-memory, false, buffer-4m, false",
        "on-demand, true,  on-demand, true",
        "buffer-4k, true,  on-demand, false"
    })
    void overlappingUploadsToOneNameBothSucceedAndTheLastOneWinsWhole(
            String firstStrategy, boolean firstChunked, String secondStrategy, boolean secondChunked) throws Exception {
        String name = "concurrent/" + firstStrategy + firstChunked + "-" + secondStrategy + secondChunked;
        byte[] first = randomBytes(5 * 1024 * 1024 + 11, 1);
        byte[] second = randomBytes(5 * 1024 * 1024 + 7, 2);
        int half = 2 * 1024 * 1024 + 512 * 1024;

        for (boolean firstFinishesFirst : new boolean[] {true, false}) {
            try (RawHttp a = started(name, firstStrategy, first, half, firstChunked);
                    RawHttp b = started(name, secondStrategy, second, half, secondChunked)) {
                awaitReceived(2L * half); // both in flight, both mid-body

                RawHttp.Response earlier = finish(
                        firstFinishesFirst ? a : b,
                        firstFinishesFirst ? first : second,
                        half,
                        firstFinishesFirst ? firstChunked : secondChunked);
                assertThat(earlier.status()).as(earlier.body()).isEqualTo(201);
                RawHttp.Response later = finish(
                        firstFinishesFirst ? b : a,
                        firstFinishesFirst ? second : first,
                        half,
                        firstFinishesFirst ? secondChunked : firstChunked);
                assertThat(later.status()).as(later.body()).isEqualTo(201);
            }
            byte[] winner = firstFinishesFirst ? second : first;
            assertThat(container.getBlobClient(name).downloadContent().toBytes())
                    .as("the blob is the upload that finished last, whole")
                    .isEqualTo(winner);
            assertThat(container.getBlobClient(name).getProperties().getContentMd5())
                    .isEqualTo(md5(winner));
        }
    }
}
