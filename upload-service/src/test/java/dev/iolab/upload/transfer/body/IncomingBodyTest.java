package dev.iolab.upload.transfer.body;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.Causes;
import dev.iolab.upload.web.ProblemType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.BrokenInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IncomingBodyTest {

    private static final long MAX = 64 * 1024;

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 8191, 65536})
    void countsAndHashesEveryByteItPassesOn(int size) throws Exception {
        byte[] data = randomBytes(size, 11);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), size, MAX, md5(data));

        assertThat(body.stream().readAllBytes()).isEqualTo(data);
        assertThat(body.count()).isEqualTo(size);
        assertThat(body.md5()).isEqualTo(md5(data));
        assertThat(body.failure()).isNull();
    }

    @Test
    void hashesNothingWhenNotAskedToAndNoContentMd5WasSent() throws Exception {
        byte[] data = randomBytes(5000, 12);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), data.length, MAX, null, false);

        assertThat(body.stream().readAllBytes()).isEqualTo(data);
        assertThat(body.finished()).isTrue();
        assertThatIllegalStateException().isThrownBy(body::md5).withMessageContaining("not hashed");
    }

    @Test
    void checksAContentMd5EvenWhenNotAskedToHash() throws Exception {
        byte[] data = randomBytes(5000, 13);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), data.length, MAX, md5(new byte[1]), false);

        assertRefused(body, UploadProblem.MD5_MISMATCH, "but the body's MD5 is");
        assertThat(body.finished()).isFalse();
    }

    @Test
    void acceptsAnyLengthWhenNoneWasDeclared() throws Exception {
        byte[] data = randomBytes(5000, 11);
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), -1, MAX, null);
        assertThat(body.stream().readAllBytes()).isEqualTo(data);
        assertThat(body.md5()).isEqualTo(md5(data));
    }

    @Test
    void failsTheReadThatMeetsEndOfStreamWhenTheBodyIsShorterThanDeclared() throws Exception {
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(new byte[50]), 100, MAX, null);
        assertRefused(body, UploadProblem.INCOMPLETE_BODY, "received 50 bytes of the declared 100");
    }

    @Test
    void failsTheReadThatMeetsEndOfStreamWhenTheMd5DiffersFromContentMd5() throws Exception {
        byte[] data = randomBytes(3000, 11);
        byte[] other = md5(new byte[] {1});
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(data), data.length, MAX, other);
        assertRefused(body, UploadProblem.MD5_MISMATCH, "but the body's MD5 is");
        assertThatIllegalStateException().as("no MD5 for a refused body").isThrownBy(body::md5);
    }

    @Test
    void failsTheReadOfTheFirstByteBeyondTheLimit() throws Exception {
        IncomingBody atLimit = new IncomingBody(new ByteArrayInputStream(new byte[100]), -1, 100, null);
        assertThat(IOUtils.consume(atLimit.stream())).isEqualTo(100);

        IncomingBody overLimit = new IncomingBody(new ByteArrayInputStream(new byte[101]), -1, 100, null);
        assertRefused(overLimit, UploadProblem.TOO_LARGE, "exceeds the limit of 100 bytes");
        assertThat(overLimit.count()).isEqualTo(101);
    }

    @Test
    void remembersTheFirstFailureOfTheRequestStream() throws Exception {
        IOException reset = new IOException("Connection reset");
        InputStream source =
                new java.io.SequenceInputStream(new ByteArrayInputStream(new byte[10]), new BrokenInputStream(reset));
        IncomingBody body = new IncomingBody(source, 100, MAX, null);
        assertThatIOException().isThrownBy(() -> IOUtils.consume(body.stream()));
        assertThat(BodyFailures.asProblem(body.failure(), body.count()))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.CLIENT_ABORTED))
                .hasMessageContaining("Connection reset");
        assertThat(body.count()).isEqualTo(10);
    }

    @Test
    void refusesToGiveAnMd5BeforeEndOfStream() throws Exception {
        IncomingBody body = new IncomingBody(new ByteArrayInputStream(new byte[10]), 10, MAX, null);
        body.stream().read(new byte[5]);
        assertThatIllegalStateException().isThrownBy(body::md5);
    }

    @Test
    void leavesTheRequestStreamOpenForTheContainer() throws Exception {
        boolean[] closed = {false};
        InputStream source = new ByteArrayInputStream(new byte[10]) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        IncomingBody body = new IncomingBody(source, 10, MAX, null);
        IOUtils.consume(body.stream());
        body.stream().close();
        assertThat(closed[0]).isFalse();
    }

    /**
     * The read that meets the problem fails with it, however commons-io wrapped it, and the body remembers it as its
     * failure.
     */
    private static void assertRefused(IncomingBody body, ProblemType problem, String detail) {
        assertThatIOException()
                .isThrownBy(() -> IOUtils.consume(body.stream()))
                .satisfies(e -> assertThat(Causes.find(e, BodyException.class))
                        .isNotNull()
                        .satisfies(refusal -> assertThat(refusal.problem()).isEqualTo(problem))
                        .hasMessageContaining(detail));
        assertThat(Causes.find(body.failure(), BodyException.class)).isNotNull();
    }
}
