package dev.iolab.loadtest.tus;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * tus-java-client in the study's JVM ({@link ResumingClient}), one virtual thread per upload. It sends each
 * {@code PATCH} as a {@code POST} with {@code X-HTTP-Method-Override: PATCH} and its body in chunks, without a
 * {@code Content-Length}: a server (or a front) that needs the length before it stores a block reads the whole body
 * first.
 */
final class JavaStudyClient implements StudyClient {

    static final String VERSION = "0.5.1";

    private final long chunk;

    JavaStudyClient(long chunk) {
        this.chunk = chunk;
    }

    @Override
    public String describe() {
        return "tus-java-client " + VERSION;
    }

    @Override
    public List<ResumingClient.Outcome> uploadAll(URI endpoint, Path file, String prefix, int count, int timeoutSeconds)
            throws InterruptedException {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(TusStudy.name(prefix, i));
        }
        return uploadEach(endpoint, file, names, timeoutSeconds);
    }

    @Override
    public ResumingClient.Outcome upload(URI endpoint, Path file, String name, int timeoutSeconds)
            throws InterruptedException {
        return uploadEach(endpoint, file, List.of(name), timeoutSeconds).getFirst();
    }

    /** One upload per name at once, each on its own virtual thread; those still running at the deadline fail. */
    private List<ResumingClient.Outcome> uploadEach(URI endpoint, Path file, List<String> names, int timeoutSeconds)
            throws InterruptedException {
        ResumingClient client = new ResumingClient(endpoint, chunk);
        List<ResumingClient.Outcome> outcomes = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ResumingClient.Outcome>> pending = new ArrayList<>();
            for (String name : names) {
                pending.add(threads.submit(() -> client.upload(file, name)));
            }
            long deadline =
                    System.nanoTime() + Duration.ofSeconds(timeoutSeconds).toNanos();
            for (Future<ResumingClient.Outcome> f : pending) {
                outcomes.add(outcome(f, deadline));
            }
            threads.shutdownNow();
        }
        return outcomes;
    }

    private static ResumingClient.Outcome outcome(Future<ResumingClient.Outcome> f, long deadline)
            throws InterruptedException {
        long now = System.currentTimeMillis();
        try {
            return f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            return new ResumingClient.Outcome(null, now, now, 0, List.of(), List.of(), "timed out");
        } catch (ExecutionException e) {
            return new ResumingClient.Outcome(null, now, now, 0, List.of(), List.of(), String.valueOf(e.getCause()));
        }
    }
}
