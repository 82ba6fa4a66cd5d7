package dev.iolab.loadtest.tus;

import dev.iolab.loadtest.RandomUploadFile;
import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.ExternalTool;
import io.tus.java.client.TusURLMemoryStore;
import io.tus.java.client.TusURLStore;
import io.tus.java.client.TusUploader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two processes of one kind behind HAProxy without stickiness, on one fresh Azurite: what a tus server does when
 * consecutive requests of one upload land on different processes.
 *
 * <ol>
 *   <li><b>Race</b>: an upload of two chunks is created, then two {@code PATCH}es at offset 0, each carrying the whole
 *       length of different bytes (A and B), are sent at the same time on two connections (HAProxy's leastconn sends
 *       them to different processes), each body paced to take about two seconds so that they overlap. What each is
 *       answered, where the upload stands afterwards, and what the blob holds.</li>
 *   <li><b>Kill</b>: an upload of four chunks; its first half sent through HAProxy; the process that took the last
 *       {@code PATCH} of it is killed ({@code SIGKILL}); the client resumes through HAProxy ({@code HEAD}, then the
 *       rest) and the blob is read back.</li>
 * </ol>
 */
final class BalancedPair {

    /** Starts one server process (the study's {@link TusStudy#startServer}). */
    @FunctionalInterface
    interface Starter {
        TusServer start(String kind, AzuriteProcess azurite, String name, Path dir, List<String> iolabArgs)
                throws IOException, InterruptedException;
    }

    /** Replicas behind a balancer are told who their proxy is, as the stack's replicas are. */
    private static final List<String> BEHIND_PROXY = List.of("--upload.proxy.trusted=127.0.0.1/32");

    private static final String KILL_NAME = "tus-study/kill.bin";
    private static final String RACE_NAME = "tus-study/race.bin";
    private static final HttpClient.Version HTTP_1_1 = HttpClient.Version.HTTP_1_1;

    private final String kind;
    private final Starter starter;
    private final long chunk;
    private final Path dir;

    BalancedPair(String kind, Starter starter, long chunk, Path runDir) {
        this.kind = kind;
        this.starter = starter;
        this.chunk = chunk;
        this.dir = runDir.resolve("balancer-" + kind);
    }

    TusResult.Balanced run() throws Exception {
        try (AzuriteProcess azurite = AzuriteProcess.start(dir.resolve("azurite"));
                TusServer first = starter.start(kind, azurite, kind + "-1", dir.resolve(kind + "-1"), BEHIND_PROXY);
                TusServer second = starter.start(kind, azurite, kind + "-2", dir.resolve(kind + "-2"), BEHIND_PROXY);
                Balancer balancer = Balancer.start(dir.resolve("haproxy"), List.of(first, second))) {
            BlobCheck blobs =
                    new BlobCheck(azurite.connectionString(), first.blobs().container());
            TusResult.Race race = race(balancer, first, blobs);
            TusStudy.progress(
                    "  %s race: %s, offset after %d of %d, blob holds %s",
                    kind, race.answers(), race.offsetAfter(), race.length(), race.stored());
            Map<String, TusServer> byName = new LinkedHashMap<>();
            byName.put(first.name(), first);
            byName.put(second.name(), second);
            TusResult.Kill kill = kill(balancer, byName, blobs);
            TusStudy.progress(
                    "  %s kill: first half by %s, killed %s, HEAD answered %d, resumed by %s, %s",
                    kind,
                    kill.firstHalfBy(),
                    kill.killed(),
                    kill.offsetAtResume(),
                    kill.resumedBy(),
                    kill.verified() ? "byte-exact" : "NOT byte-exact (" + kill.error() + ")");
            return new TusResult.Balanced(kind, kill, race);
        }
    }

    private TusResult.Kill kill(Balancer balancer, Map<String, TusServer> servers, BlobCheck blobs) throws Exception {
        try (RandomUploadFile file = RandomUploadFile.create(4 * chunk, 20261130L)) {
            ResumingClient client = new ResumingClient(balancer.endpoint(), chunk);
            TusURLStore urls = new TusURLMemoryStore();
            TusUploader uploader = client.client(urls).createUpload(ResumingClient.tusUpload(file.path(), KILL_NAME));
            client.sendUpTo(uploader, 2 * chunk);
            String path = uploader.getUploadURL().getPath();
            List<String> firstHalf = balancer.servers(path, 2);
            if (firstHalf.isEmpty()) {
                throw new IllegalStateException("HAProxy logged no request for " + path);
            }
            String killed = firstHalf.getLast();
            servers.get(killed).kill();
            ResumingClient.Outcome outcome = client.upload(urls, uploader.getUploadURL(), file.path(), KILL_NAME);
            List<String> all = balancer.servers(path, firstHalf.size() + 2);
            boolean verified = outcome.completed()
                    && blobs.md5(servers.get(killed).blobs().blobName(outcome.url(), KILL_NAME))
                            .filter(file.md5Hex()::equals)
                            .isPresent();
            return new TusResult.Kill(
                    file.size(),
                    firstHalf,
                    killed,
                    outcome.resumedAt().isEmpty() ? -1 : outcome.resumedAt().getFirst(),
                    all.isEmpty() ? null : all.getLast(),
                    outcome.failures(),
                    outcome.completed(),
                    verified,
                    outcome.error());
        }
    }

    private TusResult.Race race(Balancer balancer, TusServer any, BlobCheck blobs) throws Exception {
        long length = 2 * chunk;
        byte[] a = randomBytes(length, 1);
        byte[] b = randomBytes(length, 2);
        URI upload = create(balancer, length);
        CompletableFuture<TusResult.Answer> first = patch(upload, "A", a);
        CompletableFuture<TusResult.Answer> second = patch(upload, "B", b);
        List<TusResult.Answer> sent = List.of(first.get(5, TimeUnit.MINUTES), second.get(5, TimeUnit.MINUTES));
        List<TusResult.Answer> answers = new ArrayList<>();
        for (TusResult.Answer answer : sent) {
            List<String> servers = balancer.servers(upload.getPath() + "?race=" + answer.body(), 1);
            answers.add(new TusResult.Answer(
                    answer.body(), servers.isEmpty() ? null : servers.getLast(), answer.status(), answer.detail()));
        }
        long offset = offset(upload);
        String stored = "unfinished";
        if (offset == length) {
            String md5 =
                    blobs.md5(any.blobs().blobName(upload.toURL(), RACE_NAME)).orElse("");
            stored = md5.equals(md5(a)) ? "A" : md5.equals(md5(b)) ? "B" : md5.isEmpty() ? "none" : "neither";
        }
        return new TusResult.Race(length, answers, offset, stored);
    }

    private static URI create(Balancer balancer, long length) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().version(HTTP_1_1).build()) {
            HttpResponse<String> created = http.send(
                    HttpRequest.newBuilder(balancer.endpoint())
                            .header("Tus-Resumable", "1.0.0")
                            .header("Upload-Length", Long.toString(length))
                            .header(
                                    "Upload-Metadata",
                                    "filename "
                                            + Base64.getEncoder()
                                                    .encodeToString(RACE_NAME.getBytes(StandardCharsets.UTF_8)))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            String location = created.headers()
                    .firstValue("Location")
                    .orElseThrow(() -> new IllegalStateException(
                            "creation answered " + created.statusCode() + " without Location"));
            URI absolute = balancer.endpoint().resolve(location);
            return balancer.baseUrl().resolve(absolute.getRawPath());
        }
    }

    /** A {@code PATCH} at offset 0 with {@code body}, paced, on its own connection; never fails. */
    private static CompletableFuture<TusResult.Answer> patch(URI upload, String label, byte[] body) {
        HttpClient http = HttpClient.newBuilder().version(HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(upload + "?race=" + label))
                .header("Tus-Resumable", "1.0.0")
                .header("Upload-Offset", "0")
                .header("Content-Type", "application/offset+octet-stream")
                .timeout(Duration.ofMinutes(4))
                .method(
                        "PATCH",
                        HttpRequest.BodyPublishers.fromPublisher(
                                HttpRequest.BodyPublishers.ofInputStream(() -> new Paced(body)), body.length))
                .build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).handle((response, error) -> {
            http.close();
            if (error != null) {
                return new TusResult.Answer(label, null, 0, error.getClass().getSimpleName());
            }
            String detail = response.headers()
                    .firstValue("Upload-Offset")
                    .map(o -> "Upload-Offset " + o)
                    .orElse(response.body().strip().lines().findFirst().orElse(""));
            return new TusResult.Answer(
                    label, null, response.statusCode(), detail.length() > 120 ? detail.substring(0, 120) : detail);
        });
    }

    /** A problem document's type (its last path segment), else the body's first line, at most 120 characters. */
    static String problem(String body) {
        java.util.regex.Matcher type = java.util.regex.Pattern.compile("\"type\"\\s*:\\s*\"[^\"]*?([^/\"]+)\"")
                .matcher(body);
        String line =
                type.find() ? type.group(1) : body.strip().lines().findFirst().orElse("");
        return line.length() > 120 ? line.substring(0, 120) : line;
    }

    private long offset(URI upload) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().version(HTTP_1_1).build()) {
            HttpResponse<Void> head = http.send(
                    HttpRequest.newBuilder(upload)
                            .header("Tus-Resumable", "1.0.0")
                            .method("HEAD", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            return head.headers()
                    .firstValue("Upload-Offset")
                    .map(Long::parseLong)
                    .orElse(-1L);
        }
    }

    private static byte[] randomBytes(long length, long seed) {
        byte[] bytes = new byte[(int) length];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    private static String md5(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
    }

    /** HAProxy's version line, or "?". */
    static String haproxyVersion(Path workDir) {
        try {
            return ExternalTool.HAPROXY
                    .run(workDir, 30, "-v")
                    .output()
                    .lines()
                    .findFirst()
                    .orElse("?");
        } catch (IOException | RuntimeException e) {
            return "?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    /** {@code body} handed out 256 KiB at a time, 30 ms apart: about 8 MiB/s, so that two bodies overlap. */
    private static final class Paced extends InputStream {
        private static final int PIECE = 256 * 1024;
        private final byte[] body;
        private int position;

        Paced(byte[] body) {
            this.body = body;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (position >= body.length) {
                return -1;
            }
            if (position % PIECE == 0 && position > 0) {
                try {
                    Thread.sleep(30);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            int n = Math.min(length, Math.min(body.length - position, PIECE - position % PIECE));
            System.arraycopy(body, position, into, offset, n);
            position += n;
            return n;
        }
    }
}
