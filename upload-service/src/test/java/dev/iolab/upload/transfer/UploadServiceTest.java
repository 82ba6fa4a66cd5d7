package dev.iolab.upload.transfer;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.connection.LingerLimits;
import dev.iolab.upload.support.MultipartBuilder;
import dev.iolab.upload.support.RecordingBlobStorage;
import dev.iolab.upload.support.TestProperties;
import dev.iolab.upload.transfer.admission.Admission;
import dev.iolab.upload.transfer.body.BodySource;
import dev.iolab.upload.transfer.body.MultipartBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import dev.iolab.upload.transfer.budget.MemoryBudgetProperties;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.transfer.strategy.SpoolDirectory;
import dev.iolab.upload.transfer.strategy.UploadStrategies;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The service's order of work, with the real admission, transfer and strategies over a store in memory: what the
 * head allows to refuse is refused before admission and without opening the body, multipart fields are checked on
 * the worker, and every request's outcome is recorded once.
 */
class UploadServiceTest {

    private static final ClientKey CLIENT = ClientKey.ofAddress("127.0.0.1");

    @TempDir
    Path spool;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final UploadMetrics metrics = new UploadMetrics(registry);
    private final RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
    private final AtomicInteger opened = new AtomicInteger();
    private Admission admission;
    private UploadService service;
    private SpoolDirectory spoolDirectory;

    @BeforeEach
    void start() throws IOException {
        TestProperties properties = TestProperties.with("max-size=1MB", "temp-dir=" + spool.toAbsolutePath());
        spoolDirectory = new SpoolDirectory(properties.bind(UploadProperties.class));
        admission = Admission.create("upload", 2, 0, 1, 0, Duration.ofMinutes(10), registry);
        service = new UploadService(
                new UploadStrategies(
                        storage,
                        properties.bind(UploadProperties.class),
                        properties.bind(MemoryBudgetProperties.class),
                        spoolDirectory),
                new UploadTransfer(
                        new MemoryBudget(properties.bind(MemoryBudgetProperties.class), registry),
                        new InFlightUploads(registry),
                        new LingerLimits(16 * 1024 * 1024, Duration.ofSeconds(5)),
                        properties.bind(UploadProperties.class)),
                admission,
                metrics,
                properties.bind(UploadProperties.class));
    }

    @AfterEach
    void stop() throws IOException {
        admission.shutdown();
        spoolDirectory.destroy();
    }

    @Test
    void storesARawBodyAndAnswers201WithItsLocation() throws Exception {
        byte[] data = randomBytes(5000, 5000);
        String md5 = Base64.getEncoder().encodeToString(md5(data));

        ResponseEntity<StoredUpload> created =
                answer(service.accept(raw("dir/a b.bin", "buffer-4k", data.length, md5, data)));

        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getHeaders().getLocation()).isEqualTo(URI.create("/uploads/dir/a%20b.bin"));
        assertThat(created.getBody().size()).isEqualTo(5000);
        assertThat(created.getBody().strategy()).isEqualTo("buffer-4k");
        assertThat(storage.blobs.get("dir/a b.bin")).isEqualTo(data);
        assertThat(outcomes("buffer-4k", "success")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "unknown strategy,    a.bin,  zero-copy, 10,      ,                         UNKNOWN_STRATEGY, unknown",
        "dot segment,         a/../b, on-demand, 10,      ,                         INVALID_NAME,     on-demand",
        "larger than allowed, a.bin,  on-demand, 1048577, ,                         TOO_LARGE,        on-demand",
        "in-memory without length,a.bin,  in-memory, -1,      ,                         LENGTH_REQUIRED,  in-memory",
        "malformed MD5,       a.bin,  temp-file, 10,      not-base64!,              INVALID_CONTENT_MD5, temp-file",
        "MD5 of 15 bytes,     a.bin,  temp-file, 10,      AAAAAAAAAAAAAAAAAAAA,     INVALID_CONTENT_MD5, temp-file"
    })
    void refusesWhatTheHeadShowsBeforeAdmissionWithoutOpeningTheBody(
            String what, String name, String strategy, long length, String md5, String expected, String tag) {
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> service.accept(raw(name, strategy, length, md5, new byte[10])))
                .satisfies(e -> assertThat(e.problem()).hasToString(expected));
        assertThat(opened).hasValue(0);
        assertThat(admission.admitted()).isZero();
        assertThat(outcomes(tag, "client_error")).isEqualTo(1);
    }

    @Test
    void refusesAPostThatIsNotMultipartFromItsContentType() {
        UploadRequest post = new UploadRequest(
                null,
                null,
                5,
                null,
                false,
                new MultipartBody(MultipartBuilder.request("text/plain", "hello".getBytes())),
                null,
                CLIENT);
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> service.accept(post))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.NOT_MULTIPART));
        assertThat(outcomes("unknown", "client_error")).isEqualTo(1);
    }

    @Test
    void multipartFieldsChooseTheStrategyAndNameAndAreRecordedUnderIt() throws Exception {
        byte[] data = randomBytes(3000, 3000);
        MultipartBuilder body = new MultipartBuilder("b")
                .field("strategy", "buffer-4k")
                .field("name", "from/field.bin")
                .file("file", "ignored.bin", "", data);

        ResponseEntity<StoredUpload> created = answer(service.accept(multipart("from-query.bin", "on-demand", body)));

        assertThat(created.getBody().name()).isEqualTo("from/field.bin");
        assertThat(created.getBody().strategy()).isEqualTo("buffer-4k");
        assertThat(storage.blobs.get("from/field.bin")).isEqualTo(data);
        assertThat(outcomes("buffer-4k", "success")).isEqualTo(1);
        assertThat(outcomes("on-demand", "success")).isZero();
    }

    @Test
    void checksMultipartFieldsOnTheWorkerAsARawHeadIsChecked() {
        MultipartBuilder body =
                new MultipartBuilder("b").field("name", "../escape").file("file", "f.bin", "", new byte[10]);

        Object answer = failure(service.accept(multipart(null, "temp-file", body)));

        assertThat(answer)
                .isInstanceOfSatisfying(
                        ProblemException.class, e -> assertThat(e.problem()).isEqualTo(WebProblem.INVALID_NAME));
        assertThat(storage.blobs).isEmpty();
        assertThat(outcomes("temp-file", "client_error")).isEqualTo(1);
    }

    @Test
    void refusesWith503WhenEveryThreadIsBusyAndRecordsItAsRejected() throws Exception {
        try (var held = new HeldBodies(2)) {
            service.accept(raw("held/1", "on-demand", 10, null, held.body(0)));
            service.accept(raw("held/2", "on-demand", 10, null, held.body(1)));
            held.awaitReading();

            assertThatExceptionOfType(ProblemException.class)
                    .isThrownBy(() -> service.accept(raw("refused", "on-demand", 10, null, new byte[10])))
                    .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_FULL));
            assertThat(outcomes("on-demand", "rejected")).isEqualTo(1);
        }
    }

    @Test
    void recordsABodyFailureWithTheBytesReceived() {
        Object answer = failure(service.accept(raw("short", "temp-file", 1000, null, new byte[400])));

        assertThat(answer)
                .isInstanceOfSatisfying(
                        ProblemException.class, e -> assertThat(e.problem()).isEqualTo(UploadProblem.INCOMPLETE_BODY));
        assertThat(outcomes("temp-file", "client_error")).isEqualTo(1);
        assertThat(registry.get("iolab.upload.size")
                        .tag("outcome", "client_error")
                        .summary()
                        .totalAmount())
                .isEqualTo(400);
    }

    private UploadRequest raw(String name, String strategy, long length, String md5, byte[] body) {
        return raw(name, strategy, length, md5, new ByteArrayInputStream(body));
    }

    private UploadRequest raw(String name, String strategy, long length, String md5, InputStream body) {
        return new UploadRequest(
                name,
                strategy,
                length,
                md5,
                false,
                new BodySource.Raw(() -> {
                    opened.incrementAndGet();
                    return body;
                }),
                null,
                CLIENT);
    }

    private static UploadRequest multipart(String name, String strategy, MultipartBuilder body) {
        byte[] bytes = body.build();
        return new UploadRequest(
                name,
                strategy,
                bytes.length,
                null,
                false,
                new MultipartBody(MultipartBuilder.request(body.contentType(), bytes)),
                null,
                CLIENT);
    }

    @SuppressWarnings("unchecked")
    private static ResponseEntity<StoredUpload> answer(DeferredResult<ResponseEntity<StoredUpload>> result) {
        await().atMost(30, TimeUnit.SECONDS).until(result::hasResult);
        assertThat(result.getResult()).isInstanceOf(ResponseEntity.class);
        return (ResponseEntity<StoredUpload>) result.getResult();
    }

    private static Object failure(DeferredResult<ResponseEntity<StoredUpload>> result) {
        await().atMost(30, TimeUnit.SECONDS).until(result::hasResult);
        return result.getResult();
    }

    private long outcomes(String strategy, String outcome) {
        Timer timer = registry.find("iolab.upload")
                .tag("strategy", strategy)
                .tag("outcome", outcome)
                .timer();
        return timer == null ? 0 : timer.count();
    }

    /** Request bodies that block their reader until closed, to hold worker threads busy. */
    private static final class HeldBodies implements AutoCloseable {

        private final java.util.concurrent.CountDownLatch reading;
        private final java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);

        HeldBodies(int count) {
            reading = new java.util.concurrent.CountDownLatch(count);
        }

        InputStream body(int index) {
            return new InputStream() {
                private boolean counted;

                @Override
                public int read() throws java.io.IOException {
                    if (!counted) {
                        counted = true;
                        reading.countDown();
                    }
                    try {
                        gate.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return -1;
                }
            };
        }

        void awaitReading() throws InterruptedException {
            assertThat(reading.await(30, TimeUnit.SECONDS)).isTrue();
        }

        @Override
        public void close() {
            gate.countDown();
        }
    }
}
