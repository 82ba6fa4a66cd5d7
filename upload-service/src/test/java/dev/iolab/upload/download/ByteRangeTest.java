package dev.iolab.upload.download;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.web.ProblemException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9110 §14 ranges over a 1,000-byte blob: which are served, which ignored, which refused. */
class ByteRangeTest {

    static final OffsetDateTime MODIFIED = OffsetDateTime.of(2026, 11, 24, 8, 5, 30, 123_000_000, ZoneOffset.UTC);
    static final BlobInfo BLOB = new BlobInfo(1000, null, "\"0x8D1\"", MODIFIED);

    @ParameterizedTest
    @CsvSource({
        "bytes=0-99, 0, 100",
        "bytes=100-, 100, 900",
        "bytes=-100, 900, 100",
        "bytes=990-5000, 990, 10",
        "bytes=-5000, 0, 1000",
        "bytes=999-999, 999, 1",
        "BYTES=5-9 , 5, 5"
    })
    void servesOneSatisfiableRange(String header, long first, long length) {
        assertThat(ByteRange.requested(header, null, BLOB)).contains(new ByteRange(first, length));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "items=0-9",
                "bytes=0-9,20-29",
                "bytes=9-0",
                "bytes=a-b",
                "bytes=-",
                "bytes=",
                "0-9",
                "bytes=99999999999999999999-"
            })
    void ignoresWhatItDoesNotServeAndSendsTheWholeBlob(String header) {
        assertThat(ByteRange.requested(header, null, BLOB)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=1000-", "bytes=5000-6000", "bytes=-0"})
    void refusesARangeWithNoByteInTheBlob(String header) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> ByteRange.requested(header, null, BLOB))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(DownloadProblem.RANGE_NOT_SATISFIABLE))
                .satisfies(
                        e -> assertThat(e.headers().getFirst("Content-Range")).isEqualTo("bytes */1000"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=0-", "bytes=-1"})
    void refusesEveryRangeOfAnEmptyBlob(String header) {
        BlobInfo empty = new BlobInfo(0, null, "\"0x8D2\"", MODIFIED);
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> ByteRange.requested(header, null, empty))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(DownloadProblem.RANGE_NOT_SATISFIABLE));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "\"0x8D1\"|true",
                "\"0x8D0\"|false",
                "W/\"0x8D1\"|false",
                "Tue, 24 Nov 2026 08:05:30 GMT|true",
                "Tue, 24 Nov 2026 08:05:31 GMT|false",
                "yesterday|false"
            })
    void servesTheRangeOnlyWhenIfRangeMatchesTheBlobStrongly(String ifRange, boolean served) {
        assertThat(ByteRange.requested("bytes=0-9", ifRange, BLOB).isPresent()).isEqualTo(served);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"0x8D1|\"0x8D1\"", "\"0x8D1\"|\"0x8D1\"", "W/\"x\"|W/\"x\""})
    void quotesTheStoresEtagAsAnEntityTag(String etag, String entityTag) {
        assertThat(ByteRange.entityTag(etag)).isEqualTo(entityTag);
        BlobInfo unquoted = new BlobInfo(1000, null, etag, MODIFIED);
        assertThat(ByteRange.requested("bytes=0-9", entityTag, unquoted)).isPresent();
    }

    @ParameterizedTest
    @CsvSource({"0, 100, bytes 0-99/1000", "900, 100, bytes 900-999/1000"})
    void describesItselfAsAContentRange(long first, long length, String contentRange) {
        assertThat(new ByteRange(first, length).contentRange(1000)).isEqualTo(contentRange);
    }
}
