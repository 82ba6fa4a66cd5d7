package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class TusTest {

    @Test
    void metadataIsKeysWithBase64ValuesInTheOrderSent() {
        assertThat(Tus.metadata("filename d29ybGRfZG9taW5hdGlvbl9wbGFuLnBkZg==,is_confidential, type dGV4dA=="))
                .containsExactly(
                        java.util.Map.entry("filename", "world_domination_plan.pdf"),
                        java.util.Map.entry("is_confidential", ""),
                        java.util.Map.entry("type", "text"));
        assertThat(Tus.metadata(null)).isEmpty();
        assertThat(Tus.metadata("name w7xiZXIvcmVwb3J0LnBkZg==")).containsEntry("name", "über/report.pdf");
    }

    @Test
    void malformedMetadataIsAnInvalidHeader() {
        for (String header : new String[] {"filename !!!", "a eA==,a eA==", ",", "a b c", "x".repeat(4097)}) {
            assertThatThrownBy(() -> Tus.metadata(header))
                    .as(header)
                    .isInstanceOfSatisfying(
                            ResumableException.class,
                            e -> assertThat(e.problem()).isEqualTo(ResumableProblem.INVALID_HEADER));
        }
    }

    @Test
    void checksumsAreAnAlgorithmServedAndADigestOfItsLength() {
        Tus.Checksum sha1 = Tus.checksum("sha1 " + Base64.getEncoder().encodeToString(new byte[20]));
        assertThat(sha1.jdkName()).isEqualTo("SHA-1");
        assertThat(sha1.header()).isEqualTo("sha1 " + Base64.getEncoder().encodeToString(new byte[20]));
        assertThat(Tus.checksum("MD5 " + Base64.getEncoder().encodeToString(new byte[16]))
                        .jdkName())
                .isEqualTo("MD5");
        assertThat(Tus.checksum(null)).isNull();
        assertThatThrownBy(() -> Tus.checksum("crc32 AAAA"))
                .isInstanceOfSatisfying(
                        ResumableException.class,
                        e -> assertThat(e.problem()).isEqualTo(ResumableProblem.UNSUPPORTED_CHECKSUM));
        for (String header : new String[] {"sha1", "sha1 AAAA", "md5 !!", "sha1  x"}) {
            assertThatThrownBy(() -> Tus.checksum(header))
                    .as(header)
                    .isInstanceOfSatisfying(
                            ResumableException.class,
                            e -> assertThat(e.problem()).isEqualTo(ResumableProblem.INVALID_HEADER));
        }
    }

    @Test
    void numbersAreNonNegativeDecimalsAndAbsentIsMinusOne() {
        assertThat(Tus.number("Upload-Length", "1048576")).isEqualTo(1048576);
        assertThat(Tus.number("Upload-Length", null)).isEqualTo(-1);
        for (String value : new String[] {"-1", "1e3", "", "0x10", "9999999999999999999"}) {
            assertThatThrownBy(() -> Tus.number("Upload-Offset", value))
                    .as(value)
                    .isInstanceOf(ResumableException.class);
        }
    }

    @Test
    void onlyVersionOneIsServed() {
        Tus.requireVersion("1.0.0");
        assertThatThrownBy(() -> Tus.requireVersion("0.2.2")).isInstanceOfSatisfying(ResumableException.class, e -> {
            assertThat(e.problem().status().value()).isEqualTo(412);
            assertThat(e.headers().getFirst("Tus-Version")).isEqualTo("1.0.0");
        });
        assertThatThrownBy(() -> Tus.requireVersion(null)).isInstanceOf(ResumableException.class);
    }
}
