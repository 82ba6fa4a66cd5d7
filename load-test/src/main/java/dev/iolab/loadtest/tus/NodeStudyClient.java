package dev.iolab.loadtest.tus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.iolab.stack.NpmProject;
import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * tus-js-client under node, as browsers and Uppy send: each {@code PATCH} with its {@code Content-Length}, read from
 * the file as it goes. Runs {@code tus-uploads.cjs} (beside this class) with the repository's pinned tus-js-client
 * ({@link RepositoryPaths#tusJsClientDirectory()}, installed with {@code npm ci} on first use), one node process for
 * all the uploads of a part, and reads each upload's outcome from its output. The client does not say how much it had
 * sent before a failure, so its outcomes carry no re-sent bytes: the relay's count stands for them.
 */
final class NodeStudyClient implements StudyClient {

    /** How long node may take to exit after its uploads' deadline, which it keeps itself, in seconds. */
    private static final int EXIT_GRACE_SECONDS = 30;

    private final long chunk;
    private final Path script;
    private final Path modules;
    private final String version;

    private NodeStudyClient(long chunk, Path script, Path modules, String version) {
        this.chunk = chunk;
        this.script = script;
        this.modules = modules;
        this.version = version;
    }

    /** Installs the pinned tus-js-client when it is missing and puts the script into {@code workDir}. */
    static NodeStudyClient prepare(long chunk, Path workDir) throws IOException, InterruptedException {
        Path installed = NpmProject.ensureInstalled(
                RepositoryPaths.tusJsClientDirectory(), "node_modules/tus-js-client", "tus-js-client");
        String version = TusResult.JSON
                .readTree(installed.resolve("package.json").toFile())
                .path("version")
                .asText("?");
        Path script = workDir.resolve("tus-uploads.cjs");
        try (InputStream in = NodeStudyClient.class.getResourceAsStream("tus-uploads.cjs")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        return new NodeStudyClient(chunk, script, installed.getParent(), version);
    }

    @Override
    public String describe() {
        return "tus-js-client " + version;
    }

    @Override
    public List<ResumingClient.Outcome> uploadAll(URI endpoint, Path file, String prefix, int count, int timeoutSeconds)
            throws Exception {
        return run(endpoint, file, count, TusStudy.namePattern(prefix), timeoutSeconds);
    }

    @Override
    public ResumingClient.Outcome upload(URI endpoint, Path file, String name, int timeoutSeconds) throws Exception {
        return run(endpoint, file, 1, name, timeoutSeconds).getFirst();
    }

    private List<ResumingClient.Outcome> run(URI endpoint, Path file, int count, String name, int timeoutSeconds)
            throws Exception {
        Path output = Files.createTempFile(script.getParent(), "tus-uploads-", ".out");
        ProcessBuilder builder = new ProcessBuilder(
                "node",
                script.toString(),
                endpoint.toString(),
                file.toString(),
                Long.toString(chunk),
                Integer.toString(count),
                name,
                Integer.toString(timeoutSeconds));
        builder.environment().put("NODE_PATH", modules.toString());
        Process node = builder.redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(output.toFile())
                .start();
        try {
            // the script ends its late uploads itself ("timed out"); this bound is for a node that hangs
            if (!node.waitFor(timeoutSeconds + EXIT_GRACE_SECONDS, TimeUnit.SECONDS)) {
                node.destroyForcibly();
                throw new IllegalStateException("tus-js-client did not exit within " + timeoutSeconds + " s and "
                        + EXIT_GRACE_SECONDS + " s after its uploads' deadline");
            }
            if (node.exitValue() != 0) {
                throw new IllegalStateException("tus-js-client ended with exit code " + node.exitValue());
            }
            List<ResumingClient.Outcome> outcomes = new ArrayList<>();
            for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
                outcomes.add(outcome(TusResult.JSON.readTree(line)));
            }
            return outcomes;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static ResumingClient.Outcome outcome(JsonNode line) throws IOException {
        URL url = line.path("url").isTextual()
                ? URI.create(line.path("url").asText()).toURL()
                : null;
        String error = line.path("error").isTextual() ? line.path("error").asText() : null;
        return new ResumingClient.Outcome(
                url,
                line.path("startMs").asLong(),
                line.path("endMs").asLong(),
                line.path("failures").asInt(),
                List.of(),
                List.of(),
                error == null ? null : ResumingClient.shortened(error));
    }
}
