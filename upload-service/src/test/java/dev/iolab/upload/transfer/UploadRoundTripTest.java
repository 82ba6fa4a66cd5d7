package dev.iolab.upload.transfer;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.UploadServiceTestSupport;
import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every strategy, raw and multipart, 0 B to 10 MB: stored byte-exact with the MD5 it was received with. */
class UploadRoundTripTest extends UploadServiceTestSupport {

    static final String[] STRATEGIES = {"in-memory", "on-demand", "buffer-4k", "buffer-4m", "buffer-8m", "temp-file"};
    static final int[] SIZES = {0, 1, 1024 * 1024, 10 * 1024 * 1024};

    static Stream<Arguments> uploads() {
        return Stream.of(STRATEGIES)
                .flatMap(strategy -> Stream.of(true, false)
                        .flatMap(multipart -> java.util.Arrays.stream(SIZES)
                                .mapToObj(size -> Arguments.of(strategy, multipart, size))));
    }

    @ParameterizedTest(name = "{0} multipart={1} {2} B")
    @MethodSource("uploads")
    void storesBodyByteExactWithItsMd5(String strategy, boolean multipart, int size) throws Exception {
        byte[] content = randomBytes(size, size * 31L + strategy.hashCode());
        String name = "rt/" + strategy + "/" + (multipart ? "mp" : "raw") + "-" + size + ".bin";
        HttpResponse<String> created;
        if (multipart) {
            String boundary = "----iolab" + size;
            created = postMultipart("?name=" + name, multipart(boundary, strategy, "ignored.bin", content), boundary);
        } else {
            created = put(name, strategy, content);
        }

        String md5Hex = HexFormat.of().formatHex(md5(content));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().firstValue("Location")).hasValue("/uploads/" + name);
        assertThat(created.body())
                .contains(
                        "\"size\":" + size,
                        "\"md5\":\"" + md5Hex + "\"",
                        "\"strategy\":\"" + strategy + "\"",
                        "\"name\":\"" + name + "\"");

        HttpResponse<byte[]> back = get(name);
        assertThat(back.statusCode()).isEqualTo(200);
        assertThat(back.body()).isEqualTo(content);
        assertThat(back.headers().firstValue("Content-Length")).hasValue(Integer.toString(size));
        assertThat(back.headers().firstValue("Content-MD5"))
                .hasValue(Base64.getEncoder().encodeToString(md5(content)));
        assertThat(container.getBlobClient(name).getProperties().getContentMd5())
                .isEqualTo(md5(content));
    }
}
