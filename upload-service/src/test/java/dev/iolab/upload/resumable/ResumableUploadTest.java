package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.md5;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.specialized.BlobLeaseClient;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * tus 1.0 on {@code /files/} against the real Azurite, driven request by request: what each route answers, that bytes
 * count only in whole blocks, that the blob appears whole and only after the last byte, and that refusals (offset,
 * checksum, length, lock, owner, name) store nothing.
 */
@TestPropertySource(
        properties = {
            "upload.api-keys.alice=" + ResumableUploadTest.ALICE,
            "upload.api-keys.bob=" + ResumableUploadTest.BOB,
            "upload.container=resumable",
            "upload.temp-dir=target/upload-spool-resumable",
            "upload.resumable.block-size=" + ResumableUploadTest.BLOCK,
            "upload.resumable.max-size=64MB"
        })
class ResumableUploadTest extends RunningServiceSupport {

    static final String ALICE = "alice-key";
    static final String BOB = "bob-key";
    static final int BLOCK = 256 * 1024;

    private final BlobContainerClient uploads = container("resumable");
    private final BlobContainerClient staging = container("resumable-staging");

    private TusHttp alice() {
        return new TusHttp(port, ALICE);
    }

    @Test
    void optionsAdvertisesVersionExtensionsMaxSizeAndChecksums() throws Exception {
        HttpResponse<String> options = alice().send(alice().request("/files/")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .build());

        assertThat(options.statusCode()).isEqualTo(204);
        assertThat(options.headers().firstValue("Tus-Version")).hasValue("1.0.0");
        assertThat(options.headers().firstValue("Tus-Extension"))
                .hasValue("creation,creation-with-upload,termination,expiration,checksum");
        assertThat(options.headers().firstValue("Tus-Max-Size")).hasValue(Long.toString(64L * 1024 * 1024));
        assertThat(options.headers().firstValue("Tus-Checksum-Algorithm")).hasValue("sha1,md5,sha256");
    }

    @Test
    void noPageOnAnotherOriginIsLetInByDefault() throws Exception {
        HttpResponse<String> preflight = alice().send(alice().request(
                        "/files/", "Origin", "https://app.example.com", "Access-Control-Request-Method", "POST")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .build());
        HttpResponse<String> created = alice().send(alice().request(
                        "/files/",
                        "Origin",
                        "https://app.example.com",
                        "Upload-Length",
                        "1",
                        "Upload-Metadata",
                        TusHttp.metadata(Map.of("filename", "tus/no-cors.bin")))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());

        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                .isEmpty();
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods"))
                .isEmpty();
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        assertThat(created.headers().firstValue("Access-Control-Expose-Headers"))
                .isEmpty();
        assertThat(alice().delete(created.headers().firstValue("Location").orElseThrow())
                        .statusCode())
                .isEqualTo(204);
    }

    @Test
    void chunksAreKeptInWholeBlocksAndTheBlobAppearsByteExactAfterTheLastByte() throws Exception {
        byte[] content = randomBytes(4 * BLOCK + 17, 1);
        String path = alice().created("tus/chunked.bin", content.length);

        HttpResponse<String> first = alice().patch(path, 0, Arrays.copyOf(content, BLOCK + 1000));
        assertThat(first.statusCode()).as(first.body()).isEqualTo(204);
        assertThat(first.headers().firstValue("Upload-Offset"))
                .as("the partial second block is left out")
                .hasValue(Integer.toString(BLOCK));
        assertThat(first.headers().firstValue("Upload-Expires")).isPresent();
        assertThat(first.headers().firstValue("Tus-Resumable")).hasValue("1.0.0");

        HttpResponse<String> head = alice().head(path);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(BLOCK));
        assertThat(head.headers().firstValue("Upload-Length")).hasValue(Integer.toString(content.length));
        assertThat(head.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(uploads.getBlobClient("tus/chunked.bin").exists())
                .as("nothing under the name yet")
                .isFalse();

        HttpResponse<String> rest = alice().patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length));
        assertThat(rest.statusCode()).as(rest.body()).isEqualTo(204);
        assertThat(rest.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(content.length));

        assertThat(uploads.getBlobClient("tus/chunked.bin").downloadContent().toBytes())
                .isEqualTo(content);
        assertThat(alice().offset(path)).as("a completed upload's offset").isEqualTo(content.length);
        assertThat(alice().patch(path, BLOCK, new byte[1]).statusCode())
                .as("nothing more to append")
                .isEqualTo(409);
        HttpResponse<String> again = alice().patch(path, content.length, new byte[0]);
        assertThat(again.statusCode())
                .as("a client that lost the last answer asks again while the completing lease is still held: "
                        + again.body())
                .isEqualTo(204);
        assertThat(again.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(content.length));
    }

    @Test
    void anUploadInTwoPatchesCostsTheStoreTwelveRequestsAndNoBlockListRead() throws Exception {
        byte[] content = randomBytes(BLOCK + 1000, 5);
        StoreRequests sent = StoreRequests.from(registry);

        String path = alice().created("tus/counted.bin", content.length);
        assertThat(alice().patch(path, 0, Arrays.copyOf(content, BLOCK)).statusCode())
                .isEqualTo(204);
        assertThat(alice().patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length))
                        .statusCode())
                .isEqualTo(204);

        assertThat(sent.since())
                .as("what the creation (1), the first PATCH (5) and the last (6) send the store; the staging sweep's"
                        + " and health's requests aside")
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "Put Blob", 2.0, // the upload's state, then the completed upload's empty marker
                        "Lease Blob (acquire)", 2.0,
                        "Get Blob Properties", 2.0, // the state: it records where the upload stands
                        "Put Block", 2.0,
                        "Set Blob Metadata", 1.0,
                        "Lease Blob (release)", 1.0, // the completed upload's lease is left to run out
                        "Put Block List", 1.0,
                        "Copy Blob From URL", 1.0));
        assertThat(uploads.getBlobClient("tus/counted.bin").downloadContent().toBytes())
                .isEqualTo(content);
    }

    @Test
    void aPatchAtAnotherOffsetIsRefusedWith409AndStoresNothing() throws Exception {
        String path = alice().created("tus/offset.bin", 2 * BLOCK);

        HttpResponse<String> refused = alice().patch(path, BLOCK, new byte[BLOCK]);

        assertProblem(refused, 409, "offset-mismatch");
        assertThat(refused.headers().firstValue("Tus-Resumable")).hasValue("1.0.0");
        assertThat(alice().offset(path)).isZero();
        HttpResponse<String> plainPost = alice().send(
                        alice().request(path, "Upload-Offset", "0", "Content-Type", "application/offset+octet-stream")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[BLOCK]))
                                .build());
        assertThat(plainPost.statusCode())
                .as("POST without X-HTTP-Method-Override: PATCH")
                .isEqualTo(405);
        assertThat(alice().offset(path)).isZero();
    }

    @Test
    void requestsWithoutTusResumableAre412AndNameTheVersionServed() throws Exception {
        String path = alice().created("tus/version.bin", 10);

        HttpResponse<String> refused = alice().send(HttpRequest.newBuilder(alice().uri(path))
                .header("Authorization", "Bearer " + ALICE)
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(new byte[10]))
                .header("Upload-Offset", "0")
                .header("Content-Type", "application/offset+octet-stream")
                .build());

        assertProblem(refused, 412, "tus-version");
        assertThat(refused.headers().firstValue("Tus-Version")).hasValue("1.0.0");
    }

    @Test
    void aPatchThatIsNotAnOffsetOctetStreamIs415() throws Exception {
        String path = alice().created("tus/type.bin", 10);

        HttpResponse<String> refused = alice().send(
                        alice().request(path, "Upload-Offset", "0", "Content-Type", "application/octet-stream")
                                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(new byte[10]))
                                .build());

        assertProblem(refused, 415, "not-offset-octet-stream");
    }

    @Test
    void aChunkWhoseChecksumDiffersIs460AndNothingOfItCounts() throws Exception {
        byte[] content = randomBytes(3 * BLOCK, 2);
        String path = alice().created("tus/checksum.bin", content.length);
        byte[] chunk = Arrays.copyOf(content, 2 * BLOCK);

        HttpResponse<String> refused =
                alice().patch(path, 0, chunk, "Upload-Checksum", "sha1 " + base64(digest("SHA-1", new byte[1])));
        assertProblem(refused, 460, "checksum-mismatch");
        assertThat(alice().offset(path)).as("the chunk's blocks do not count").isZero();

        HttpResponse<String> unknown = alice().patch(path, 0, chunk, "Upload-Checksum", "crc32 AAAAAA==");
        assertProblem(unknown, 400, "unsupported-checksum");

        HttpResponse<String> accepted = alice().patch(path, 0, chunk, "Upload-Checksum", "md5 " + base64(md5(chunk)));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(204);
        assertThat(accepted.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(2 * BLOCK));
        HttpResponse<String> last = alice().patch(
                        path,
                        2 * BLOCK,
                        Arrays.copyOfRange(content, 2 * BLOCK, content.length),
                        "Upload-Checksum",
                        "sha1 " + base64(digest("SHA-1", Arrays.copyOfRange(content, 2 * BLOCK, content.length))));
        assertThat(last.statusCode()).as(last.body()).isEqualTo(204);
        assertThat(uploads.getBlobClient("tus/checksum.bin").downloadContent().toBytes())
                .isEqualTo(content);
    }

    @Test
    void bytesBeyondTheUploadLengthAreRefusedBeforeTheyAreStored() throws Exception {
        String path = alice().created("tus/beyond.bin", 100);

        assertProblem(alice().patch(path, 0, new byte[101]), 413, "beyond-upload-length");
        assertThat(alice().offset(path)).isZero();
        assertThat(uploads.getBlobClient("tus/beyond.bin").exists()).isFalse();
        assertProblem(alice().create(65L * 1024 * 1024, Map.of("filename", "big")), 413, "too-large");
    }

    @Test
    void creationWithUploadStoresTheFirstChunkAndAnswersItsOffset() throws Exception {
        byte[] content = randomBytes(BLOCK + 5, 3);
        HttpResponse<String> created = alice().send(alice().request(
                        "/files/",
                        "Upload-Length",
                        Integer.toString(content.length),
                        "Upload-Metadata",
                        TusHttp.metadata(Map.of("filename", "tus/with-upload.bin")),
                        "Content-Type",
                        "application/offset+octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(content))
                .build());

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).matches("/files/[0-9a-f]{32}"));
        assertThat(created.headers().firstValue("Upload-Offset")).hasValue(Integer.toString(content.length));
        assertThat(uploads.getBlobClient("tus/with-upload.bin")
                        .downloadContent()
                        .toBytes())
                .isEqualTo(content);
    }

    @Test
    void anEmptyUploadIsStoredAtCreation() throws Exception {
        String path = alice().created("tus/empty.bin", 0);

        assertThat(alice().offset(path)).isZero();
        assertThat(uploads.getBlobClient("tus/empty.bin").getProperties().getBlobSize())
                .isZero();
    }

    @Test
    void terminationRemovesTheUploadAndItsBlocksAtOnce() throws Exception {
        String path = alice().created("tus/terminated.bin", 2 * BLOCK);
        assertThat(alice().patch(path, 0, new byte[BLOCK]).statusCode()).isEqualTo(204);
        String blob = "resumable-" + path.substring("/files/".length());
        assertThat(staging.getBlobClient(blob).exists()).isTrue();

        HttpResponse<String> deleted = alice().delete(path);

        assertThat(deleted.statusCode()).isEqualTo(204);
        assertThat(staging.getBlobClient(blob).exists()).isFalse();
        assertThat(alice().head(path).statusCode()).as("HEAD answers no body").isEqualTo(404);
        assertThat(uploads.getBlobClient("tus/terminated.bin").exists()).isFalse();
    }

    @Test
    void anUploadIsSeenAndResumedOnlyByTheClientThatCreatedIt() throws Exception {
        String path = alice().created("tus/alices.bin", 2 * BLOCK);
        TusHttp bob = alice().as(BOB);

        assertThat(bob.head(path).statusCode()).isEqualTo(404);
        assertProblem(bob.patch(path, 0, new byte[BLOCK]), 404, "not-found");
        assertProblem(bob.delete(path), 404, "not-found");
        assertProblem(alice().as(null).patch(path, 0, new byte[BLOCK]), 401, "unauthorized");
        assertProblem(alice().as(null).create(10, Map.of("filename", "x")), 401, "unauthorized");
        assertThat(alice().offset(path)).isZero();
        assertProblem(alice().delete("/files/not-an-id"), 404, "not-found");
    }

    @Test
    void namesAreCheckedAsEveryBlobNameIs() throws Exception {
        assertProblem(alice().create(10, Map.of("filename", "../evil")), 400, "invalid-name");
        assertProblem(alice().create(10, Map.of("filename", "a;b")), 400, "invalid-name");
        assertProblem(alice().create(10, Map.of("type", "x")), 400, "invalid-name");
        assertProblem(
                alice().send(alice().request("/files/", "Upload-Length", "10", "Upload-Metadata", "filename !!!")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build()),
                400,
                "invalid-tus-header");
        assertProblem(
                alice().send(alice().request("/files/", "Upload-Metadata", "filename eA==")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build()),
                400,
                "invalid-tus-header");
    }

    @Test
    void aSecondPatchWhileOneWritesIsRefusedWith423AndTheFirstCompletes() throws Exception {
        byte[] content = randomBytes(2 * BLOCK, 4);
        String path = alice().created("tus/locked.bin", content.length);
        try (RawHttp first = new RawHttp(port)) {
            first.head("PATCH " + path + " HTTP/1.1", alice().patchHead(0, "Content-Length: " + content.length));
            first.body(Arrays.copyOf(content, BLOCK));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> gauge("iolab.upload.resumable.active") == 1 && alice().offset(path) == BLOCK);

            assertProblem(
                    alice().patch(path, BLOCK, Arrays.copyOfRange(content, BLOCK, content.length)),
                    423,
                    "upload-locked");

            first.body(Arrays.copyOfRange(content, BLOCK, content.length));
            assertThat(first.response(true).status()).isEqualTo(204);
        }
        assertThat(uploads.getBlobClient("tus/locked.bin").downloadContent().toBytes())
                .isEqualTo(content);
    }

    @Test
    void aWholeUploadChecksumIsVerifiedBeforeTheBlobAppears() throws Exception {
        byte[] content = randomBytes(BLOCK + 3, 5);
        String good = created("tus/digest-good.bin", content.length, "md5 " + base64(md5(content)));
        String bad = created("tus/digest-bad.bin", content.length, "sha1 " + base64(digest("SHA-1", new byte[3])));

        HttpResponse<String> stored = alice().patch(good, 0, content);
        HttpResponse<String> refused = alice().patch(bad, 0, content);

        assertThat(stored.statusCode()).as(stored.body()).isEqualTo(204);
        assertThat(uploads.getBlobClient("tus/digest-good.bin").getProperties().getContentMd5())
                .isEqualTo(md5(content));
        assertProblem(refused, 460, "upload-digest-mismatch");
        assertThat(uploads.getBlobClient("tus/digest-bad.bin").exists()).isFalse();
        assertThat(alice().head(bad).statusCode())
                .as("the upload was discarded")
                .isEqualTo(404);
    }

    @Test
    void theFinalBlobCarriesNoneOfTheUploadsStateOnlyHowItArrived() throws Exception {
        byte[] content = randomBytes(100, 6);
        String path = alice().created("tus/plain.bin", content.length);

        assertThat(alice().patch(path, 0, content).statusCode()).isEqualTo(204);

        assertThat(uploads.getBlobClient("tus/plain.bin").getProperties().getMetadata())
                .containsExactlyEntriesOf(ResumableUploads.COMPLETED_BLOB_METADATA);
        assertThat(staging.listBlobs(new ListBlobsOptions().setPrefix("resumable-" + path.substring(7)), null).stream()
                        .map(b -> b.getProperties().getContentLength()))
                .as("what stays of a completed upload until the sweep: an empty blob")
                .containsExactly(0L);
    }

    @Test
    void anUploadWhoseCopyFailedAfterTheCommitIsFoundAsItWasAndCompletesWhenItsLastBlockIsSentAgain() throws Exception {
        byte[] content = randomBytes(2 * BLOCK + 10, 8);
        String path = alice().created("tus/copy-refused.bin", content.length);
        assertThat(alice().patch(path, 0, Arrays.copyOf(content, 2 * BLOCK)).statusCode())
                .isEqualTo(204);
        BlobClient target = uploads.getBlobClient("tus/copy-refused.bin");
        target.upload(BinaryData.fromString("an older blob"), true);
        BlobLeaseClient otherWriter =
                new BlobLeaseClientBuilder().blobClient(target).buildClient();
        otherWriter.acquireLease(60); // the store refuses a copy onto a blob another holds the lease of
        StoreRequests sent = StoreRequests.from(registry);

        HttpResponse<String> refused =
                alice().patch(path, 2 * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, content.length));

        assertThat(refused.statusCode()).as(refused.body()).isGreaterThanOrEqualTo(400);
        assertThat(refused.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(sent.since())
                .as("the commit kept the upload's state, so nothing writes it back: a writer that dies after the commit"
                        + " leaves the upload as a failed copy does")
                .containsKeys("Put Block List", "Copy Blob From URL")
                .doesNotContainKey("Set Blob Metadata");
        HttpResponse<String> head = alice().head(path);
        assertThat(head.statusCode()).as("the upload is still found").isEqualTo(200);
        assertThat(head.headers().firstValue("Upload-Offset"))
                .as("the committed blocks count; the last is sent again to complete the upload")
                .hasValue(Long.toString(2L * BLOCK));
        otherWriter.releaseLease();

        HttpResponse<String> again =
                alice().patch(path, 2 * BLOCK, Arrays.copyOfRange(content, 2 * BLOCK, content.length));

        assertThat(again.statusCode()).as(again.body()).isEqualTo(204);
        assertThat(target.downloadContent().toBytes()).isEqualTo(content);
    }

    private String created(String name, long length, String checksum) throws Exception {
        HttpResponse<String> created = alice().create(length, Map.of("filename", name, "checksum", checksum));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return created.headers().firstValue("Location").orElseThrow();
    }

    private static BlobContainerClient container(String name) {
        BlobContainerClient container = new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient(name);
        container.createIfNotExists();
        return container;
    }

    private static byte[] digest(String algorithm, byte[] data) throws Exception {
        return MessageDigest.getInstance(algorithm).digest(data);
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
