package dev.iolab.upload.transfer.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class ContentMd5Test {

    @Test
    void decodesTheBase64OfSixteenBytes() {
        byte[] md5 = new byte[16];
        md5[0] = 7;
        assertThat(ContentMd5.decode(" " + Base64.getEncoder().encodeToString(md5) + "\t"))
                .isEqualTo(md5);
    }

    @Test
    void anythingElseIsNull() {
        assertThat(ContentMd5.decode("not-base64!")).isNull();
        assertThat(ContentMd5.decode(Base64.getEncoder().encodeToString(new byte[15])))
                .isNull();
        assertThat(ContentMd5.decode("")).isNull();
    }
}
