package dev.iolab.upload.transfer.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.support.MultipartBuilder;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Reading a multipart body up to its file part, from bytes: no server, no servlet request. */
class MultipartBodyTest {

    private final byte[] content = Payloads.randomBytes(3000, 3);

    @Test
    void fieldsBeforeTheFilePartReplaceTheQueryAndItsContentIsStreamed() throws Exception {
        MultipartBody body = new MultipartBuilder("b1")
                .field("strategy", " buffer-4k ")
                .field("name", "dir/chosen.bin")
                .file("file", "original.bin", "Content-MD5: c29tZQ==\r\n", content)
                .field("ignored", "after the file")
                .body();

        MultipartBody.FilePart file = body.readToFile("query-name", "on-demand");

        assertThat(file.strategy()).as("fields are stripped").isEqualTo("buffer-4k");
        assertThat(file.name()).isEqualTo("dir/chosen.bin");
        assertThat(file.contentMd5()).isEqualTo("c29tZQ==");
        assertThat(file.content().readAllBytes()).isEqualTo(content);
    }

    @Test
    void keepsTheQueryValuesWithoutFields() throws Exception {
        MultipartBody.FilePart file = new MultipartBuilder("b2")
                .file("file", "f.bin", "", content)
                .body()
                .readToFile("q", "temp-file");
        assertThat(file.name()).isEqualTo("q");
        assertThat(file.strategy()).isEqualTo("temp-file");
        assertThat(file.contentMd5()).isNull();
    }

    @Test
    void namesTheFileAfterItsFilenameWhenNoNameIsGiven() {
        MultipartBody.FilePart file = new MultipartBuilder("b3")
                .file("file", "photo.jpg", "", content)
                .body()
                .readToFile(null, null);
        assertThat(file.name()).isEqualTo("photo.jpg");
        assertThat(file.strategy()).isNull();
    }

    @Test
    void refusesANameFieldLongerThanTheLimitInsteadOfCuttingIt() {
        String longName = "n".repeat(MultipartBody.MAX_FIELD_BYTES + 1);
        MultipartBody body = new MultipartBuilder("b4")
                .field("name", longName)
                .file("file", "f.bin", "", content)
                .body();
        assertProblem(body, WebProblem.INVALID_NAME, "longer than " + MultipartBody.MAX_FIELD_BYTES + " bytes");
    }

    @Test
    void keepsANameFieldAsSentWithItsSpaces() {
        MultipartBody.FilePart file = new MultipartBuilder("b4s")
                .field("name", " dir/with spaces.bin ")
                .file("file", "f.bin", "", content)
                .body()
                .readToFile(null, null);
        assertThat(file.name()).isEqualTo(" dir/with spaces.bin ");
    }

    @Test
    void refusesANameFieldThatIsNotUtf8() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        bytes.writeBytes("--b4u\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\ncaf"
                .getBytes(StandardCharsets.US_ASCII));
        bytes.write(0xE9); // 'é' in ISO-8859-1: not UTF-8
        bytes.writeBytes(("\r\n--b4u\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.bin\"\r\n\r\nx\r\n"
                        + "--b4u--\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        MultipartBody body =
                new MultipartBody(MultipartBuilder.request("multipart/form-data; boundary=b4u", bytes.toByteArray()));
        assertProblem(body, WebProblem.INVALID_NAME, "not valid UTF-8");
    }

    @Test
    void readsFilenamesAsUtf8AndKeepsTheirBackslashesForTheNameCheck() {
        MultipartBody.FilePart utf8 = new MultipartBuilder("b4f")
                .file("file", "ünï cödé 文件.bin", "", content)
                .body()
                .readToFile(null, null);
        assertThat(utf8.name()).isEqualTo("ünï cödé 文件.bin");

        MultipartBody.FilePart windows = new MultipartBuilder("b4w")
                .file("file", "..\\evil", "", content)
                .body()
                .readToFile(null, null);
        assertThat(windows.name()).isEqualTo("..\\evil");
    }

    @Test
    void refusesABodyWithoutAPartNamedFile() {
        MultipartBody body = new MultipartBuilder("b5")
                .file("other", "x.bin", "", content)
                .field("strategy", "buffer-4k")
                .body();
        assertProblem(body, UploadProblem.MULTIPART_SHAPE, "no file part named 'file'");
    }

    @Test
    void refusesAnEnvelopeCutInsideThePartHeaders() {
        byte[] cut = "--b6\r\nContent-Disposition: form-data; name=\"fi".getBytes(StandardCharsets.UTF_8);
        MultipartBody body = new MultipartBody(MultipartBuilder.request("multipart/form-data; boundary=b6", cut));
        assertProblem(body, UploadProblem.MULTIPART_SHAPE, "malformed multipart body");
    }

    @Test
    void refusesAMultipartContentTypeWithoutBoundary() {
        MultipartBody body = new MultipartBody(MultipartBuilder.request("multipart/form-data", new byte[10]));
        assertThat(body.isMultipart()).isTrue();
        assertProblem(body, UploadProblem.MULTIPART_SHAPE, "boundary");
    }

    @Test
    void tellsAMultipartContentTypeFromAnyOther() {
        assertThat(new MultipartBuilder("b7").body().isMultipart()).isTrue();
        assertThat(new MultipartBody(MultipartBuilder.request("MULTIPART/form-data; boundary=x", new byte[0]))
                        .isMultipart())
                .isTrue();
        MultipartBody text = new MultipartBody(MultipartBuilder.request("text/plain", new byte[0]));
        assertThat(text.isMultipart()).isFalse();
        assertThat(text.contentType()).isEqualTo("text/plain");
        assertThat(new MultipartBody(MultipartBuilder.request(null, new byte[0])).isMultipart())
                .isFalse();
    }

    private static void assertProblem(MultipartBody body, ProblemType expected, String detail) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> body.readToFile(null, null))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(expected))
                .withMessageContaining(detail);
    }
}
