package dev.iolab.upload.resumable;

import dev.iolab.stack.NpmProject;
import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code tus-js-client} under node, from the lock in {@code src/test/node} (installed there with
 * {@code npm ci} on first use, under a file lock, as Azurite is): runs {@code tus-upload.cjs}, which uploads one file
 * and reports what it did on stdout.
 */
final class TusJsClient {

    private static final Path DIRECTORY = RepositoryPaths.tusJsClientDirectory();

    /** What one run printed and how it ended. */
    record Run(int exitCode, List<String> lines, String output) {

        /** The value of the first line starting with {@code key} and a space, or null. */
        String value(String key) {
            return lines.stream()
                    .filter(line -> line.startsWith(key + " "))
                    .map(line -> line.substring(key.length() + 1))
                    .findFirst()
                    .orElse(null);
        }
    }

    private TusJsClient() {}

    /**
     * Uploads {@code file} as {@code name} to {@code endpoint} and waits up to 3 minutes for the client to end.
     *
     * @param cutAt the fraction of the bytes after which the client process kills itself mid-request, or null
     * @param uploadUrl the upload to resume, or null to create one
     */
    static Run upload(String endpoint, Path file, String name, String apiKey, Double cutAt, String uploadUrl)
            throws IOException, InterruptedException {
        return start(endpoint, file, name, apiKey, cutAt, uploadUrl).await(Duration.ofMinutes(3));
    }

    /** Uploads {@code file} as {@link #upload} does, in {@code PATCH}es of {@code chunkSize} bytes. */
    static Run uploadInChunks(String endpoint, Path file, String name, String apiKey, long chunkSize)
            throws IOException, InterruptedException {
        return start(endpoint, file, name, apiKey, null, null, chunkSize).await(Duration.ofMinutes(3));
    }

    /** Starts the upload {@link #upload} makes, without waiting for it. */
    static Started start(String endpoint, Path file, String name, String apiKey, Double cutAt, String uploadUrl)
            throws IOException, InterruptedException {
        return start(endpoint, file, name, apiKey, cutAt, uploadUrl, 0);
    }

    private static Started start(
            String endpoint, Path file, String name, String apiKey, Double cutAt, String uploadUrl, long chunkSize)
            throws IOException, InterruptedException {
        ensureInstalled();
        List<String> command = new ArrayList<>(List.of(
                "node",
                DIRECTORY.resolve("tus-upload.cjs").toString(),
                endpoint,
                file.toString(),
                name,
                apiKey == null ? "" : apiKey,
                cutAt == null ? "" : cutAt.toString()));
        if (uploadUrl != null) {
            command.add(uploadUrl);
        }
        Path output = Files.createTempFile("tus-js-client-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command);
        if (chunkSize > 0) {
            builder.environment().put("TUS_CHUNK_SIZE", Long.toString(chunkSize));
        }
        Process node = builder.redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        return new Started(node, output);
    }

    /** A client process running; {@link #await} ends it one way or the other, and so does closing it. */
    record Started(Process node, Path output) implements AutoCloseable {

        /** What the client printed so far. */
        String outputSoFar() throws IOException {
            return Files.readString(output, StandardCharsets.UTF_8);
        }

        /** Waits up to {@code timeout} for the client to end (and kills it when it did not). */
        Run await(Duration timeout) throws IOException, InterruptedException {
            try {
                if (!node.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    node.destroyForcibly();
                    throw new AssertionError("tus-js-client did not finish within " + timeout + ":\n" + outputSoFar());
                }
                String text = outputSoFar();
                return new Run(node.exitValue(), text.lines().toList(), text);
            } finally {
                Files.deleteIfExists(output);
            }
        }

        /** Kills the client if it still runs (a test that failed before awaiting it). */
        @Override
        public void close() throws IOException {
            node.destroyForcibly();
            Files.deleteIfExists(output);
        }
    }

    private static void ensureInstalled() throws IOException, InterruptedException {
        NpmProject.ensureInstalled(DIRECTORY, "node_modules/tus-js-client", "tus-js-client");
    }
}
