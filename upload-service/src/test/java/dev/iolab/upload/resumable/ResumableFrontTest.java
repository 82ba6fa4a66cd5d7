package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.options.BlobBreakLeaseOptions;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.TusFrontProcess;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.context.TestPropertySource;

/**
 * The tus front (the committed {@code ops/nginx/tus-front.conf}, Debian's nginx with Lua) before the service and the
 * real Azurite: whole-block {@code PATCH}es are staged by nginx itself, everything else by the service, and what a
 * client sees is tus either way: tus-js-client's upload in block-sized chunks is stored byte-exact, a cut block frees
 * its upload at once, a second writer is refused while the first one's block is on its way, and refusals are the
 * service's own.
 */
@TestPropertySource(
        properties = {
            "upload.api-key=" + ResumableFrontTest.API_KEY,
            "upload.container=" + ResumableFrontTest.CONTAINER,
            "upload.temp-dir=target/upload-spool-front",
            "upload.resumable.block-size=" + ResumableFrontTest.BLOCK,
            "upload.resumable.front.secret=" + ResumableFrontTest.SECRET,
            // the shortest lease: a third of it (5 s) passes within a test, and then a lease the state records is due
            "upload.resumable.front.block-time=15s"
        })
class ResumableFrontTest extends RunningServiceSupport {

    static final String API_KEY = "front-key";
    static final String CONTAINER = "front";
    static final String SECRET = "front-secret-for-tests";
    static final int BLOCK = 1024 * 1024;
    static final String FORM = "application/x-www-form-urlencoded";

    @TempDir
    Path work;

    private TusFrontProcess front;
    private TusHttp tus;

    @BeforeEach
    void startFront() throws Exception {
        String store = URI.create(Azurite.get().blobEndpoint()).getAuthority();
        try {
            front = TusFrontProcess.start(work.resolve("front"), "127.0.0.1:" + port, store, SECRET);
        } catch (ExternalTool.MissingToolException e) {
            if (ExternalTool.ciRequiresTools()) {
                throw e;
            }
            Assumptions.abort(e.getMessage() + " — skipping the tus front's tests on a developer machine");
        }
        tus = new TusHttp(front.baseUrl().getPort(), API_KEY);
    }

    @AfterEach
    void stopFront() {
        if (front != null) {
            front.close();
        }
    }

    @Test
    void tusJsClientInBlockSizedChunksIsStoredByteExactWithEveryBlockStagedByNginx() throws Exception {
        int size = 12 * BLOCK + 123;
        byte[] content = randomBytes(size, 81);
        Path file = Files.write(work.resolve("payload.bin"), content);
        double frontBlocks = counter("iolab.upload.resumable.front.blocks");
        double staged = counter("iolab.upload.resumable.bytes");
        double asked = questions();

        TusJsClient.Run run =
                TusJsClient.uploadInChunks(front.baseUrl() + "/files/", file, "front/payload.bin", API_KEY, BLOCK);

        assertThat(run.exitCode()).as(run.output() + front.tail()).isZero();
        assertThat(stored("front/payload.bin")).isEqualTo(content);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(counter("iolab.upload.resumable.front.blocks") - frontBlocks)
                        .as(
                                "blocks nginx staged: all, the last one too, then it completed the upload; its tally says so")
                        .isEqualTo(13));
        assertThat(counter("iolab.upload.resumable.bytes") - staged).isEqualTo(size);
        assertThat(questions() - asked)
                .as("no question: creating the upload granted its first blocks, and the grant covered the rest")
                .isZero();
    }

    @Test
    void aChunkedBodyIsReadFirstAndStagedByNginxWhenItIsOneBlock() throws Exception {
        byte[] content = randomBytes(3 * BLOCK, 86);
        String path = tus.created("front/chunked.bin", content.length);
        double frontBlocks = counter("iolab.upload.resumable.front.blocks");

        RawHttp.Response block = chunkedPatch(path, 0, Arrays.copyOf(content, BLOCK));
        RawHttp.Response blockAndAHalf = chunkedPatch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, BLOCK * 5 / 2));

        assertThat(block.status()).as(block.body()).isEqualTo(204);
        assertThat(block.headers()).containsEntry("upload-offset", Long.toString(BLOCK));
        assertThat(blockAndAHalf.status()).as(blockAndAHalf.body()).isEqualTo(204);
        assertThat(blockAndAHalf.headers())
                .as("the service took the longer body, keeping its whole block")
                .containsEntry("upload-offset", Long.toString(2L * BLOCK));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(counter("iolab.upload.resumable.front.blocks") - frontBlocks)
                        .isEqualTo(1));
        HttpResponse<String> last = tus.patch(path, 2L * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, 3 * BLOCK));
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        assertThat(stored("front/chunked.bin")).isEqualTo(content);
    }

    /** A {@code PATCH} whose body is sent in chunks of 64 KiB, as tus-java-client sends every body. */
    private RawHttp.Response chunkedPatch(String path, long offset, byte[] body) throws Exception {
        try (RawHttp patch = new RawHttp(front.baseUrl().getPort())) {
            patch.head("PATCH " + path + " HTTP/1.1", tus.patchHead(offset, "Transfer-Encoding: chunked"));
            sendInChunks(patch, body);
            patch.body("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return patch.response(true);
        }
    }

    /** Sends {@code bytes} as chunks of 64 KiB of a chunked body, without the last (empty) chunk. */
    private static void sendInChunks(RawHttp patch, byte[] bytes) throws IOException {
        for (int at = 0; at < bytes.length; at += 64 * 1024) {
            int size = Math.min(64 * 1024, bytes.length - at);
            patch.body((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            patch.body(Arrays.copyOfRange(bytes, at, at + size));
            patch.body("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
    }

    @Test
    void chunkedBodiesOfSlowSendersHoldNoOtherBodyBackAndLeaveNoFilesWhenCut() throws Exception {
        byte[] content = randomBytes(2 * BLOCK, 87);
        Path spool = work.resolve("front/body");
        List<String> paths = new ArrayList<>();
        List<RawHttp> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                String path = tus.created("front/slow-" + i + ".bin", content.length);
                paths.add(path);
                RawHttp patch = new RawHttp(
                        InetAddress.getByName("127.0.2." + (i + 1)),
                        front.baseUrl().getPort());
                slow.add(patch);
                patch.head("PATCH " + path + " HTTP/1.1", tus.patchHead(0, "Transfer-Encoding: chunked"));
                sendInChunks(patch, Arrays.copyOf(content, BLOCK / 2));
            }
            await().atMost(Duration.ofSeconds(30))
                    .alias("the slow bodies are being spooled")
                    .until(() -> filesIn(spool) == 8);
            String other = tus.created("front/other.bin", content.length);

            RawHttp.Response answer = chunkedPatch(other, 0, Arrays.copyOf(content, BLOCK));

            assertThat(answer.status()).as(answer.body()).isEqualTo(204);
            assertThat(answer.headers()).containsEntry("upload-offset", Long.toString(BLOCK));
        } finally {
            for (RawHttp patch : slow) {
                patch.abort();
            }
        }
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(filesIn(spool))
                        .as("the cut bodies' temporary files")
                        .isZero());
        for (String path : paths) {
            assertThat(tus.offset(path)).as("nothing of a cut body is kept").isZero();
        }
    }

    @Test
    void chunkedBodiesAreReadInTurnsAndASenderThatStallsGivesItsTurnUpWithinASecond() throws Exception {
        String store = URI.create(Azurite.get().blobEndpoint()).getAuthority();
        byte[] content = randomBytes(BLOCK, 88);
        try (TusFrontProcess paced = TusFrontProcess.startWithChunkedTurns(
                        work.resolve("paced"), "127.0.0.1:" + port, store, SECRET, 1);
                ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            TusHttp pacedTus = new TusHttp(paced.baseUrl().getPort(), API_KEY);
            // one turn per worker: of one sender more than there are workers, one at least waits for a turn
            int senders = paced.pids().size();
            List<String> paths = new ArrayList<>();
            List<RawHttp> patches = new ArrayList<>();
            List<CompletableFuture<Long>> readFrom = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                paths.add(pacedTus.created("front/turn-" + i + ".bin", 2L * BLOCK));
            }
            try {
                for (int i = 0; i < senders; i++) {
                    String path = paths.get(i);
                    RawHttp patch = new RawHttp(
                            InetAddress.getByName("127.0.3." + (i + 1)),
                            paced.baseUrl().getPort());
                    patches.add(patch);
                    patch.head(
                            "PATCH " + path + " HTTP/1.1",
                            Stream.concat(
                                            Arrays.stream(pacedTus.patchHead(0, "Transfer-Encoding: chunked")),
                                            Stream.of("Expect: 100-continue"))
                                    .toArray(String[]::new));
                    readFrom.add(CompletableFuture.supplyAsync(() -> continued(patch), readers));
                }
                await().atMost(Duration.ofSeconds(20))
                        .alias("every sender is asked for its body, the last once a silent one gave its turn up")
                        .until(() -> readFrom.stream().allMatch(CompletableFuture::isDone));
                List<Long> asked =
                        readFrom.stream().map(CompletableFuture::join).sorted().toList();
                assertThat(Duration.ofNanos(asked.getLast() - asked.getFirst()))
                        .as("a body waited for a turn until a sender that sent nothing for a second gave its up")
                        .isGreaterThan(Duration.ofMillis(500));

                for (RawHttp patch : patches) {
                    sendInChunks(patch, content);
                    patch.body("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    RawHttp.Response answer = patch.response(true);
                    assertThat(answer.status()).as(answer.body()).isEqualTo(204);
                    assertThat(answer.headers()).containsEntry("upload-offset", Long.toString(BLOCK));
                }
            } finally {
                for (RawHttp patch : patches) {
                    patch.close();
                }
            }
            for (String path : paths) {
                assertThat(pacedTus.offset(path)).isEqualTo(BLOCK);
            }
        }
    }

    /** When nginx asked for the body of {@code patch} (its {@code 100 Continue}), in {@link System#nanoTime()}. */
    private static long continued(RawHttp patch) {
        try {
            RawHttp.Response answer = patch.response(false);
            if (answer.status() != 100) {
                throw new IllegalStateException("answered " + answer.status() + " before the body: " + answer.body());
            }
            return System.nanoTime();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long filesIn(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    @Test
    void aBlockCutMidBodyStoresNothingAndFreesItsUploadAtOnce() throws Exception {
        byte[] content = randomBytes(3 * BLOCK, 82);
        String path = tus.created("front/cut.bin", content.length);
        try (RawHttp patch = new RawHttp(front.baseUrl().getPort())) {
            patch.head("PATCH " + path + " HTTP/1.1", patchHeaders(0, BLOCK));
            patch.body(Arrays.copyOf(content, BLOCK / 2));
            await().atMost(Duration.ofSeconds(30)).until(() -> leased(path));
            patch.abort();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> !leased(path));
        assertThat(tus.offset(path)).isZero();

        for (int block = 0; block < 3; block++) {
            byte[] body = Arrays.copyOfRange(content, block * BLOCK, (block + 1) * BLOCK);
            HttpResponse<String> answer = tus.patch(path, (long) block * BLOCK, body);
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(204);
            assertThat(answer.headers().firstValue("Upload-Offset")).contains(Long.toString((block + 1L) * BLOCK));
            assertThat(answer.headers().firstValue("Tus-Resumable")).contains("1.0.0");
        }
        assertThat(stored("front/cut.bin")).isEqualTo(content);
    }

    @Test
    void aSecondWriterIsLockedOutWhileTheFirstOnesBlockIsOnItsWay() throws Exception {
        byte[] content = randomBytes(2 * BLOCK + 5, 83);
        String path = tus.created("front/two.bin", content.length);
        try (RawHttp first = new RawHttp(front.baseUrl().getPort())) {
            first.head("PATCH " + path + " HTTP/1.1", patchHeaders(0, BLOCK));
            first.body(Arrays.copyOf(content, BLOCK / 2));
            await().atMost(Duration.ofSeconds(30)).until(() -> leased(path));

            HttpResponse<String> second = tus.patch(path, 0, Arrays.copyOf(content, BLOCK));

            assertThat(second.statusCode()).as(second.body()).isEqualTo(423);
            assertThat(second.body()).contains("https://iolab.dev/problems/");
            first.body(Arrays.copyOfRange(content, BLOCK / 2, BLOCK));
            RawHttp.Response answer = first.response(true);
            assertThat(answer.status()).isEqualTo(204);
            assertThat(answer.headers()).containsEntry("upload-offset", Long.toString(BLOCK));
        }
        HttpResponse<String> rest = tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length));
        assertThat(rest.statusCode()).as(rest.body()).isEqualTo(204);
        assertThat(stored("front/two.bin")).isEqualTo(content);
    }

    @Test
    void theLastPatchTakesOverTheGrantsLeaseButNotWhileTheFrontsBlockIsOnItsWay() throws Exception {
        byte[] content = randomBytes(3 * BLOCK + 5, 87);
        String path = tus.created("front/last.bin", content.length);
        double frontBlocks = counter("iolab.upload.resumable.front.blocks");
        byte[] rest = Arrays.copyOfRange(content, 2 * BLOCK, content.length);
        TusHttp service = new TusHttp(port, API_KEY); // the first block past the front: the front asks for the second
        assertThat(service.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);
        try (RawHttp first = new RawHttp(front.baseUrl().getPort())) {
            first.head("PATCH " + path + " HTTP/1.1", patchHeaders(BLOCK, BLOCK));
            first.body(Arrays.copyOfRange(content, BLOCK, BLOCK * 3 / 2));
            await().atMost(Duration.ofSeconds(30)).until(() -> frontBlockAt(path) == BLOCK);

            HttpResponse<String> early = tus.patch(path, 2L * BLOCK, rest);

            assertThat(early.statusCode()).as(early.body()).isEqualTo(423);
            assertThat(early.body()).contains("https://iolab.dev/problems/upload-locked");
            first.body(Arrays.copyOfRange(content, BLOCK * 3 / 2, 2 * BLOCK));
            assertThat(first.response(true).status()).isEqualTo(204);
        }

        HttpResponse<String> last = tus.patch(path, 2L * BLOCK, rest);

        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        assertThat(last.headers().firstValue("Upload-Offset")).contains(Long.toString(content.length));
        assertThat(stored("front/last.bin")).isEqualTo(content);
        assertThat(counter("iolab.upload.resumable.front.blocks") - frontBlocks)
                .as("the block nginx staged, counted once")
                .isEqualTo(1);
    }

    @Test
    void twoFrontsTakeTurnsOnOneUploadEachTakingTheGrantOver() throws Exception {
        String store = URI.create(Azurite.get().blobEndpoint()).getAuthority();
        byte[] content = randomBytes(4 * BLOCK + 7, 89);
        double frontBlocks = counter("iolab.upload.resumable.front.blocks");
        try (TusFrontProcess other = TusFrontProcess.start(work.resolve("other"), "127.0.0.1:" + port, store, SECRET)) {
            TusHttp second = new TusHttp(other.baseUrl().getPort(), API_KEY);
            String path = tus.created("front/turns.bin", content.length);

            for (int block = 0; block < 4; block++) { // as a balancer without stickiness sends them
                TusHttp front = block % 2 == 0 ? tus : second;
                byte[] body = Arrays.copyOfRange(content, block * BLOCK, (block + 1) * BLOCK);
                HttpResponse<String> answer = front.patch(path, (long) block * BLOCK, body);
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(204);
                assertThat(answer.headers().firstValue("Upload-Offset")).contains(Long.toString((block + 1L) * BLOCK));
                assertThat(frontBlockAt(path)).as("a grant of its own").isEqualTo((long) block * BLOCK);
            }
            HttpResponse<String> last =
                    tus.patch(path, 4L * BLOCK, Arrays.copyOfRange(content, 4 * BLOCK, content.length));
            assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        }
        assertThat(stored("front/turns.bin")).isEqualTo(content);
        assertThat(counter("iolab.upload.resumable.front.blocks") - frontBlocks).isEqualTo(4);
    }

    @Test
    void aBlockOnItsWayThroughOneFrontIsRefusedOnceAnotherFrontTakesTheUploadOver() throws Exception {
        String store = URI.create(Azurite.get().blobEndpoint()).getAuthority();
        byte[] content = randomBytes(2 * BLOCK + 7, 90);
        byte[] stray = randomBytes(BLOCK, 91);
        try (TusFrontProcess other = TusFrontProcess.start(work.resolve("other"), "127.0.0.1:" + port, store, SECRET);
                RawHttp first = new RawHttp(front.baseUrl().getPort())) {
            TusHttp second = new TusHttp(other.baseUrl().getPort(), API_KEY);
            String path = tus.created("front/taken.bin", content.length);
            TusHttp service = new TusHttp(port, API_KEY);
            assertThat(service.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                    .isEqualTo(204);
            first.head("PATCH " + path + " HTTP/1.1", patchHeaders(BLOCK, BLOCK));
            first.body(Arrays.copyOf(stray, BLOCK / 2));
            await().atMost(Duration.ofSeconds(30)).until(() -> frontBlockAt(path) == BLOCK);

            HttpResponse<String> taken = second.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, 2 * BLOCK));

            assertThat(taken.statusCode()).as(taken.body()).isEqualTo(204);
            first.body(Arrays.copyOfRange(stray, BLOCK / 2, BLOCK));
            RawHttp.Response refused = first.response(true);
            assertThat(refused.status()).as(refused.body()).isEqualTo(423);
            assertThat(refused.body()).contains("https://iolab.dev/problems/upload-locked");
            HttpResponse<String> last =
                    second.patch(path, 2L * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, content.length));
            assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        }
        assertThat(stored("front/taken.bin"))
                .as("the block of the front that was taken over is not kept")
                .isEqualTo(content);
    }

    @Test
    void aFrontWhoseGrantWasTakenOverAsksAgainInsteadOfStagingUnderIt() throws Exception {
        String store = URI.create(Azurite.get().blobEndpoint()).getAuthority();
        byte[] content = randomBytes(2 * BLOCK + 7, 92);
        byte[] secondBlock = Arrays.copyOfRange(content, BLOCK, 2 * BLOCK);
        try (TusFrontProcess other = TusFrontProcess.start(work.resolve("other"), "127.0.0.1:" + port, store, SECRET)) {
            String path = tus.created("front/back.bin", content.length);
            assertThat(tus.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                    .isEqualTo(204);
            try (RawHttp moved = new RawHttp(other.baseUrl().getPort())) { // the client moves, and is cut there
                moved.head("PATCH " + path + " HTTP/1.1", patchHeaders(BLOCK, BLOCK));
                moved.body(Arrays.copyOf(secondBlock, BLOCK / 2));
                await().atMost(Duration.ofSeconds(30)).until(() -> frontBlockAt(path) == BLOCK);
                moved.abort();
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> !leased(path));

            HttpResponse<String> back = tus.patch(path, BLOCK, secondBlock);

            assertThat(back.statusCode())
                    .as("the first front's grant is no longer its lease's: it asks instead of staging: " + back.body())
                    .isEqualTo(204);
            assertThat(back.headers().firstValue("Upload-Offset")).contains(Long.toString(2L * BLOCK));
            assertThat(tus.patch(path, 2L * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, content.length))
                            .statusCode())
                    .isEqualTo(204);
        }
        assertThat(stored("front/back.bin")).isEqualTo(content);
    }

    @Test
    void anUploadOfOneFrontBlockAndALastCostsTheServiceOneStoreRequestAndNginxCompletesIt() throws Exception {
        byte[] content = randomBytes(BLOCK + 1000, 89);
        StoreRequests sent = StoreRequests.from(registry);
        double frontBlocks = counter("iolab.upload.resumable.front.blocks");
        double bytes = counter("iolab.upload.resumable.bytes");
        double completed = completions();

        HttpResponse<String> created = tus.create(content.length, Map.of("filename", "front/counted.bin"));
        String path = created.headers().firstValue("Location").orElseThrow();
        assertThat(created.headers().map().keySet())
                .as("the grant nginx keeps is not passed on")
                .noneMatch(name -> name.toLowerCase(Locale.ROOT).startsWith("x-front-"));
        assertThat(tus.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);
        HttpResponse<String> last = tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length));

        assertThat(last.statusCode()).isEqualTo(204);
        assertThat(last.headers().firstValue("Upload-Offset")).contains(Long.toString(content.length));
        assertThat(sent.since())
                .as("the upload's state with its grant; no question; nginx takes the grant's lease, stages both"
                        + " blocks, commits, copies and settles the upload")
                .containsExactlyInAnyOrderEntriesOf(Map.of("Put Blob", 1.0));
        assertThat(stored("front/counted.bin")).isEqualTo(content);
        assertThat(container()
                        .getBlobClient("front/counted.bin")
                        .getProperties()
                        .getMetadata())
                .as("the copy carries none of the upload's state, only how the blob arrived, as the service's")
                .containsExactlyEntriesOf(ResumableUploads.COMPLETED_BLOB_METADATA);
        assertThat(tus.offset(path))
                .as("the completed state nginx settled the upload with")
                .isEqualTo(content.length);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(completions() - completed).isEqualTo(1));
        assertThat(counter("iolab.upload.resumable.front.blocks") - frontBlocks).isEqualTo(2);
        assertThat(counter("iolab.upload.resumable.bytes") - bytes).isEqualTo(content.length);
    }

    @Test
    void aNewUploadsLeaseIsTakenByTheFrontAtItsFirstBlockUnlessTheUploadChangedSinceItsCreation() throws Exception {
        byte[] content = randomBytes(2 * BLOCK + 10, 96);
        String path = tus.created("front/taken-late.bin", content.length);
        assertThat(leased(path)).as("a creation takes no lease").isFalse();
        BlobClient blob = uploadBlob(path);
        blob.setMetadata(blob.getProperties().getMetadata()); // another writer recorded the same state: a new ETag
        double asked = questions();

        HttpResponse<String> first = tus.patch(path, 0, Arrays.copyOf(content, BLOCK));

        assertThat(first.statusCode()).as(first.body()).isEqualTo(204);
        assertThat(questions() - asked)
                .as("the grant's lease could not be taken on the changed upload: nginx asked")
                .isEqualTo(1);
        assertThat(tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, 2 * BLOCK))
                        .statusCode())
                .isEqualTo(204);
        assertThat(tus.patch(path, 2L * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, content.length))
                        .statusCode())
                .isEqualTo(204);
        assertThat(stored("front/taken-late.bin")).isEqualTo(content);
    }

    @Test
    void theServiceCommitsWhatTheFrontCouldNotCompleteItself() throws Exception {
        byte[] content = randomBytes(BLOCK + 1000, 95);
        String path = tus.created("front/fallback.bin", content.length);
        assertThat(tus.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);
        container().delete(); // nginx's copy finds no container; the service's creates it again
        StoreRequests sent = StoreRequests.from(registry);

        HttpResponse<String> last = tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length));

        assertThat(last.statusCode()).as(last.body() + front.tail()).isEqualTo(204);
        assertThat(last.headers().firstValue("Upload-Offset")).contains(Long.toString(content.length));
        assertThat(sent.since())
                .as("the service found the grant in the state nginx committed the blocks with, and completed it")
                .containsEntry("Lease Blob (change)", 1.0)
                .containsEntry("Put Block List", 1.0)
                .containsKey("Copy Blob From URL");
        assertThat(stored("front/fallback.bin")).isEqualTo(content);
    }

    @Test
    void aCommitAfterASlowBlockLeavesTheRenewalToNginxWhichRenewedTheLeaseForTheLastBlock() throws Exception {
        byte[] content = randomBytes(BLOCK + 1000, 93);
        // with a whole-upload checksum, which only the service verifies: the service commits, not nginx
        String checksum = "sha1 "
                + Base64.getEncoder()
                        .encodeToString(MessageDigest.getInstance("SHA-1").digest(content));
        HttpResponse<String> created =
                tus.create(content.length, Map.of("filename", "front/slow.bin", "checksum", checksum));
        Instant leased = Instant.now();
        String path = created.headers().firstValue("Location").orElseThrow();
        StoreRequests sent = StoreRequests.from(registry);
        try (RawHttp slow = new RawHttp(front.baseUrl().getPort())) {
            slow.head("PATCH " + path + " HTTP/1.1", patchHeaders(0, BLOCK));
            slow.body(Arrays.copyOf(content, BLOCK / 2));
            // the rest of the block once the lease the state records, taken at creation, is due for renewal
            await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(leased.plusSeconds(6)));
            slow.body(Arrays.copyOfRange(content, BLOCK / 2, BLOCK));
            assertThat(slow.response(true).status()).isEqualTo(204);
        }

        HttpResponse<String> last = tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length));

        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        assertThat(sent.since())
                .as("nginx renewed the lease before the last block and said so: the commit renews nothing")
                .doesNotContainKey("Lease Blob (renew)")
                .containsEntry("Lease Blob (change)", 1.0)
                .containsEntry("Put Block List", 1.0);
        assertThat(stored("front/slow.bin")).isEqualTo(content);
    }

    @Test
    void aBlockWhoseGrantsLeaseWasLostGoesToTheService() throws Exception {
        byte[] content = randomBytes(3 * BLOCK, 88);
        String path = tus.created("front/lost.bin", content.length);
        assertThat(tus.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);
        breakLease(path);

        HttpResponse<String> next = tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, 2 * BLOCK));

        assertThat(next.statusCode()).as(next.body()).isEqualTo(204);
        assertThat(next.headers().firstValue("Upload-Offset")).contains(Long.toString(2L * BLOCK));
        assertThat(frontBlockAt(path))
                .as("the front's renewal failed, so it asked; the service took the block and dropped the grant")
                .isEqualTo(-1);
        assertThat(tus.patch(path, 2L * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, 3 * BLOCK))
                        .statusCode())
                .isEqualTo(204);
        assertThat(stored("front/lost.bin")).isEqualTo(content);
    }

    @Test
    void anAddressSendingMoreBlocksAtOnceThanItsShareIsAnsweredOverShare() throws Exception {
        String store = URI.create(Azurite.get().blobEndpoint()).getAuthority();
        byte[] content = randomBytes(2 * BLOCK + 5, 85);
        try (TusFrontProcess narrow =
                        TusFrontProcess.start(work.resolve("narrow"), "127.0.0.1:" + port, store, SECRET, 1);
                RawHttp first = new RawHttp(narrow.baseUrl().getPort())) {
            TusHttp tus = new TusHttp(narrow.baseUrl().getPort(), API_KEY);
            String held = tus.created("front/held.bin", content.length);
            String other = tus.created("front/other.bin", content.length);
            first.head("PATCH " + held + " HTTP/1.1", patchHeaders(0, BLOCK));
            first.body(Arrays.copyOf(content, BLOCK / 2));
            await().atMost(Duration.ofSeconds(30)).until(() -> leased(held));

            HttpResponse<String> second = tus.patch(other, 0, Arrays.copyOf(content, BLOCK));

            assertThat(second.statusCode()).as(second.body()).isEqualTo(429);
            assertThat(second.body()).contains("https://iolab.dev/problems/over-share");
            assertThat(second.headers().firstValue("Retry-After")).isPresent();
            first.body(Arrays.copyOfRange(content, BLOCK / 2, BLOCK));
            assertThat(first.response(true).status()).isEqualTo(204);
            assertThat(tus.offset(other)).isZero();
            assertThat(tus.delete(held).statusCode()).isEqualTo(204);
            assertThat(tus.delete(other).statusCode()).isEqualTo(204);
        }
    }

    @Test
    void refusalsAreTheServicesOwnThroughTheFront() throws Exception {
        String path = tus.created("front/refused.bin", 2L * BLOCK);
        byte[] block = randomBytes(BLOCK, 84);

        HttpResponse<String> noKey = tus.as(null).patch(path, 0, block);
        HttpResponse<String> wrongOffset = tus.patch(path, BLOCK, block);
        HttpResponse<String> notYours = tus.as("another-key").patch(path, 0, block);

        assertThat(noKey.statusCode()).as(noKey.body()).isEqualTo(401);
        assertThat(wrongOffset.statusCode()).as(wrongOffset.body()).isEqualTo(409);
        assertThat(wrongOffset.body()).contains("send from Upload-Offset 0");
        assertThat(notYours.statusCode()).isIn(401, 404);
        assertThat(tus.offset(path)).isZero();
        assertThat(tus.delete(path).statusCode()).isEqualTo(204);
    }

    @Test
    void theFrontsRoutesAreClosedToAnyoneWithoutItsSecret() throws Exception {
        String path = new TusHttp(port, API_KEY).created("front/secret.bin", BLOCK);
        TusHttp direct = new TusHttp(port, API_KEY);

        HttpResponse<String> ask = direct.send(
                direct.request(path + "/front", "X-Front-Secret", "guess").GET().build());
        HttpResponse<String> end =
                direct.send(direct.request(path + "/front").DELETE().build());
        HttpResponse<String> commit = direct.send(direct.request(path + "/front", "X-Front-Staged", "0:lease")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
        HttpResponse<String> tally =
                direct.send(direct.request("/front/tally", "X-Front-Secret", "guess", "Content-Type", FORM)
                        .POST(tallyOf(1))
                        .build());
        HttpResponse<String> tallyThroughFront =
                tus.send(tus.request("/front-tally", "X-Front-Secret", "guess", "Content-Type", FORM)
                        .POST(tallyOf(1))
                        .build());

        assertThat(ask.statusCode()).isEqualTo(404);
        assertThat(end.statusCode()).isEqualTo(404);
        assertThat(commit.statusCode()).isEqualTo(404);
        assertThat(tally.statusCode()).isEqualTo(404);
        assertThat(tallyThroughFront.statusCode()).isEqualTo(404);
        assertThat(tus.offset(path)).isZero();
        assertThat(direct.delete(path).statusCode()).isEqualTo(204);
    }

    @Test
    void aCommitOnAWordThatIsNotTheGrantHoldersIsRefusedAndLeavesTheUploadAsItWas() throws Exception {
        byte[] content = randomBytes(BLOCK + 10, 93);
        String path = tus.created("front/word.bin", content.length);
        assertThat(tus.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);
        TusHttp direct = new TusHttp(port, API_KEY);

        HttpResponse<String> guessed = direct.send(direct.request(
                        path + "/front", "X-Front-Secret", SECRET, "X-Front-Staged", BLOCK + ":not-the-grants-lease")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());

        assertThat(guessed.statusCode()).as(guessed.body()).isEqualTo(423);
        assertThat(guessed.body()).contains("https://iolab.dev/problems/upload-locked");
        assertThat(tus.offset(path)).isEqualTo(BLOCK);
        assertThat(tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length))
                        .statusCode())
                .isEqualTo(204);
        assertThat(stored("front/word.bin")).isEqualTo(content);
    }

    @Test
    void aLastBlockStagedByTheFrontIsNotStoredUnderItsNameWhenTheWholeUploadsChecksumDiffers() throws Exception {
        byte[] content = randomBytes(BLOCK + 10, 94);
        String checksum = "sha1 " + Base64.getEncoder().encodeToString(new byte[20]);
        HttpResponse<String> created =
                tus.create(content.length, Map.of("filename", "front/digest.bin", "checksum", checksum));
        String path = created.headers().firstValue("Location").orElseThrow();
        assertThat(tus.patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);

        HttpResponse<String> last = tus.patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length));

        assertThat(last.statusCode()).as(last.body()).isEqualTo(460);
        assertThat(last.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(last.headers().firstValue("Tus-Resumable")).contains("1.0.0");
        assertThat(last.body()).contains("https://iolab.dev/problems/upload-digest-mismatch");
        assertThat(container().getBlobClient("front/digest.bin").exists()).isFalse();
        assertThat(tus.head(path).statusCode()).isEqualTo(404);
    }

    /** The head lines of a {@code PATCH} from {@code offset} whose body is {@code length} bytes long. */
    private String[] patchHeaders(long offset, int length) {
        return tus.patchHead(offset, "Content-Length: " + length);
    }

    /** Breaks the upload's lease at once, as if it had lapsed. */
    private void breakLease(String path) {
        new BlobLeaseClientBuilder()
                .blobClient(uploadBlob(path))
                .buildClient()
                .breakLeaseWithResponse(new BlobBreakLeaseOptions().setBreakPeriod(Duration.ZERO), null, Context.NONE);
    }

    /** Whether the upload's blob in the staging container is under a lease. */
    private boolean leased(String path) {
        return uploadBlob(path).getProperties().getLeaseState().toString().equals("leased");
    }

    /** Where the front's grant starts that the upload's state records, or -1. */
    private long frontBlockAt(String path) {
        String direct = uploadBlob(path).getProperties().getMetadata().get("direct");
        return direct == null ? -1 : Long.parseLong(direct.substring(0, direct.indexOf(':')));
    }

    private BlobClient uploadBlob(String path) {
        String id = path.substring(path.lastIndexOf('/') + 1);
        return new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient(CONTAINER + "-staging")
                .getBlobClient("resumable-" + id);
    }

    private BlobContainerClient container() {
        return new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient(CONTAINER);
    }

    /** The bytes of the blob stored under {@code name}. */
    private byte[] stored(String name) {
        return container().getBlobClient(name).downloadContent().toBytes();
    }

    /** The front's questions so far, however the service found the upload's offset. */
    private double questions() {
        return registry.find("iolab.upload.resumable.front.questions").counters().stream()
                .mapToDouble(c -> c.count())
                .sum();
    }

    /** A front's tally of {@code completed} uploads, of one block of one byte each. */
    private static HttpRequest.BodyPublisher tallyOf(long completed) {
        return HttpRequest.BodyPublishers.ofString(
                "completed=" + completed + "&blocks=" + completed + "&bytes=" + completed);
    }

    private double completions() {
        return registry.find("iolab.upload.resumable.uploads").tag("event", "completed").counters().stream()
                .mapToDouble(c -> c.count())
                .sum();
    }

    private double counter(String name) {
        return registry.find(name).counters().stream()
                .mapToDouble(c -> c.count())
                .sum();
    }
}
