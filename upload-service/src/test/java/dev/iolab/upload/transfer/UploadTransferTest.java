package dev.iolab.upload.transfer;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.connection.LingerLimits;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.support.RecordingBlobStorage;
import dev.iolab.upload.support.TestProperties;
import dev.iolab.upload.transfer.body.BodyLinger;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import dev.iolab.upload.transfer.budget.MemoryBudgetProperties;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.transfer.strategy.FixedBufferUploadStrategy;
import dev.iolab.upload.transfer.strategy.SpoolDirectory;
import dev.iolab.upload.transfer.strategy.UploadStrategies;
import dev.iolab.upload.transfer.strategy.UploadStrategy;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.BrokenInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The transfer against a store in memory: the budget is held while a strategy runs and given back on every path,
 * and each way a body can fail is answered with its problem while a store failure passes through as it is.
 */
class UploadTransferTest {

    private static final int BUDGET = 4 * 1024 * 1024;

    @TempDir
    Path spool;

    private final RecordingBlobStorage storage = new RecordingBlobStorage(50_000);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final UploadMetrics metrics = new UploadMetrics(registry);
    private MemoryBudget budget;
    private UploadTransfer transfer;
    private UploadStrategies strategies;
    private SpoolDirectory spoolDirectory;

    private void start() throws IOException {
        var properties = TestProperties.with(
                "max-size=32KB",
                "memory-budget.max-bytes=" + BUDGET + "B",
                "memory-budget.request-share=1",
                "temp-dir=" + spool.toAbsolutePath());
        budget = new MemoryBudget(properties.bind(MemoryBudgetProperties.class), registry);
        transfer = new UploadTransfer(
                budget,
                new InFlightUploads(registry),
                new LingerLimits(16 * 1024 * 1024, Duration.ofSeconds(5)),
                properties.bind(UploadProperties.class));
        spoolDirectory = new SpoolDirectory(properties.bind(UploadProperties.class));
        strategies = new UploadStrategies(
                storage,
                properties.bind(UploadProperties.class),
                properties.bind(MemoryBudgetProperties.class),
                spoolDirectory);
    }

    @AfterEach
    void theBudgetIsGivenBack() throws IOException {
        assertThat(budget.used()).as("memory budget held after the transfer").isZero();
        spoolDirectory.destroy();
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void storesTheBodyAndAnswersWithItsSizeAndMd5(String strategy) throws Exception {
        start();
        byte[] data = randomBytes(5000, 5000);
        OutcomeRecorder attempt = new OutcomeRecorder(metrics);

        StoredUpload result = transfer.transfer(
                upload("dir/a.bin", strategy, data.length, md5(data), false),
                new ByteArrayInputStream(data),
                new BodyLinger(),
                attempt);

        assertThat(result.name()).isEqualTo("dir/a.bin");
        assertThat(result.size()).isEqualTo(5000);
        assertThat(result.md5()).isEqualTo(java.util.HexFormat.of().formatHex(md5(data)));
        assertThat(result.strategy()).isEqualTo(strategy);
        assertThat(storage.blobs.get("dir/a.bin")).isEqualTo(data);
        assertThat(storage.md5s.get("dir/a.bin")).isEqualTo(md5(data));
    }

    @Test
    void holdsTheStrategysCostWhileItRuns() throws Exception {
        start();
        long[] heldDuringUpload = {-1};
        UploadStrategy observing = strategy(777, (name, body) -> {
            heldDuringUpload[0] = budget.used();
            IOUtils.consume(body.stream());
        });
        transfer.transfer(
                new CheckedUpload("x", observing, 10, 10, null, false),
                new ByteArrayInputStream(new byte[10]),
                new BodyLinger(),
                new OutcomeRecorder(metrics));
        assertThat(heldDuringUpload[0]).isEqualTo(777);
    }

    @Test
    void refusesWith503WhenTheCostDoesNotFitAndReadsTheBodyTheClientSentAnyway() throws Exception {
        start();
        ByteArrayInputStream sent = new ByteArrayInputStream(new byte[1000]);
        try (MemoryBudget.Reservation other = budget.tryReserve(BUDGET - 100).orElseThrow()) {
            assertThatExceptionOfType(ProblemException.class)
                    .isThrownBy(() -> transfer.transfer(
                            new CheckedUpload("x", strategy(101, (n, b) -> {}), 1000, 1000, null, false),
                            sent,
                            new BodyLinger(),
                            new OutcomeRecorder(metrics)))
                    .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.MEMORY_BUDGET));
            assertThat(budget.used()).isEqualTo(BUDGET - 100);
        }
        assertThat(sent.available())
                .as("discarded, so the client can read the answer")
                .isZero();
    }

    @Test
    void refusesWithoutReadingTheBodyOfAClientThatWaitsForContinue() throws Exception {
        start();
        ByteArrayInputStream unsent = new ByteArrayInputStream(new byte[1000]);
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> transfer.transfer(
                        new CheckedUpload("x", strategy(BUDGET + 1, (n, b) -> {}), 1000, 1000, null, true),
                        unsent,
                        new BodyLinger(),
                        new OutcomeRecorder(metrics)))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.MEMORY_BUDGET));
        assertThat(unsent.available()).isEqualTo(1000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void answersABodyShorterThanDeclaredWith400IncompleteBody(String strategy) throws Exception {
        start();
        assertFails(strategy, new ByteArrayInputStream(new byte[600]), 1000, null, UploadProblem.INCOMPLETE_BODY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void answersABodyWhoseMd5DiffersWith400Md5Mismatch(String strategy) throws Exception {
        start();
        assertFails(
                strategy,
                new ByteArrayInputStream(randomBytes(3000, 3000)),
                3000,
                md5(new byte[] {7}),
                UploadProblem.MD5_MISMATCH);
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4k", "temp-file"})
    void answersABodyOverTheLimitWith413(String strategy) throws Exception {
        start();
        assertFails(strategy, new ByteArrayInputStream(new byte[32 * 1024 + 1]), -1, null, UploadProblem.TOO_LARGE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void answersAClientThatGoesAwayWith400ClientAbortedAndCountsWhatArrived(String strategy) throws Exception {
        start();
        InputStream reset = new SequenceInputStream(
                new ByteArrayInputStream(new byte[1500]), new BrokenInputStream(new IOException("Connection reset")));
        OutcomeRecorder attempt = assertFails(strategy, reset, 4000, null, UploadProblem.CLIENT_ABORTED);
        assertThat(received(attempt)).isEqualTo(1500);
    }

    @Test
    void answersTheStrategysOwnRefusalWithItsProblem() throws Exception {
        start();
        RecordingBlobStorage oneBlock = new RecordingBlobStorage(1);
        UploadStrategy buffer = new FixedBufferUploadStrategy("buffer-4k", 4096, oneBlock);
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> transfer.transfer(
                        new CheckedUpload("x", buffer, 3000, -1, null, false),
                        new ByteArrayInputStream(new byte[3000]),
                        new BodyLinger(),
                        new OutcomeRecorder(metrics)))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.TOO_LARGE));
        assertThat(oneBlock.committed).isNull();
    }

    @Test
    void answersABodyFailureTheReaderWrappedAsTheBodyFailureItIs() throws Exception {
        start();
        UploadStrategy wrapping = strategy(10, (name, body) -> {
            try {
                IOUtils.consume(body.stream());
            } catch (IOException e) {
                throw new IllegalStateException("SDK: upload failed", new UncheckedIOException(e));
            }
        });
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> transfer.transfer(
                        new CheckedUpload("x", wrapping, 100, 100, null, false),
                        new ByteArrayInputStream(new byte[99]),
                        new BodyLinger(),
                        new OutcomeRecorder(metrics)))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.INCOMPLETE_BODY));
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void letsAStoreFailurePassAsItIs(String strategy) throws Exception {
        start();
        StorageException down = new StorageException("blob store answered 500", null);
        storage.failWith(down);
        byte[] data = randomBytes(3000, 3000);
        assertThatExceptionOfType(StorageException.class)
                .isThrownBy(() -> transfer.transfer(
                        upload("x", strategy, data.length, null, false),
                        new ByteArrayInputStream(data),
                        new BodyLinger(),
                        new OutcomeRecorder(metrics)))
                .isSameAs(down);
        assertThat(spoolFiles()).isEmpty();
    }

    private OutcomeRecorder assertFails(
            String strategy, InputStream body, long declaredLength, byte[] md5, ProblemType expected)
            throws IOException {
        OutcomeRecorder attempt = new OutcomeRecorder(metrics);
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> transfer.transfer(
                        upload("failed", strategy, declaredLength, md5, false), body, new BodyLinger(), attempt))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(expected));
        assertThat(storage.blobs).doesNotContainKey("failed");
        assertThat(spoolFiles()).isEmpty();
        return attempt;
    }

    private java.util.List<Path> spoolFiles() throws IOException {
        try (var files = java.nio.file.Files.list(spool)) {
            return files.filter(f -> f.getFileName().toString().endsWith(SpoolDirectory.SUFFIX))
                    .toList();
        }
    }

    private CheckedUpload upload(String name, String strategy, long length, byte[] md5, boolean expectsContinue) {
        return new CheckedUpload(name, strategies.get(strategy), length, length, md5, expectsContinue);
    }

    /** Bytes the attempt records when it ends: the bytes received until then. */
    private long received(OutcomeRecorder attempt) {
        attempt.failed(new ProblemException(UploadProblem.CLIENT_ABORTED, "reset"));
        return (long) registry.get("iolab.upload.size").summary().totalAmount();
    }

    @FunctionalInterface
    interface Body {
        void upload(String name, IncomingBody body) throws IOException;
    }

    private static UploadStrategy strategy(long cost, Body body) {
        return new UploadStrategy() {
            @Override
            public String id() {
                return "test";
            }

            @Override
            public long memoryCost(long declaredLength) {
                return cost;
            }

            @Override
            public boolean hashes(long declaredLength) {
                return true;
            }

            @Override
            public byte[] upload(
                    String name, IncomingBody incoming, long declaredLength, MemoryBudget.Reservation reservation)
                    throws IOException {
                body.upload(name, incoming);
                return incoming.md5();
            }
        };
    }
}
