package dev.iolab.bench.profiler;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One {@code strace -c} attached to running threads of this JVM, from {@link #start} until {@link #stop}: the
 * summary counts every system call those threads made in between.
 *
 * <p>{@code strace -p TID} attaches to that one thread; with {@code -f} it attaches to every thread of the process
 * that {@code TID} belongs to and follows new ones. {@link #start} returns only once strace has reported every
 * attachment on its standard error ({@code strace: Process N attached}), so no call made after it returns is
 * missed; {@link #stop} sends SIGTERM, on which strace detaches and writes the summary, and parses it.
 */
final class StraceSession {

    /** How long strace may take to attach before the session is given up as failed. */
    static final long ATTACH_TIMEOUT_SECONDS = 20;

    private final Process process;
    private final Path summary;
    private final Thread errReader;
    private final List<String> errLines;
    private final List<String> command;

    private StraceSession(
            Process process, Path summary, Thread errReader, List<String> errLines, List<String> command) {
        this.process = process;
        this.summary = summary;
        this.errReader = errReader;
        this.errLines = errLines;
        this.command = command;
    }

    /**
     * Starts {@code strace} on {@code ids} (thread ids, or with {@code follow} a process id) and waits until it has
     * attached to all of them.
     *
     * @throws IOException with strace's own messages when it cannot be run or cannot attach (no ptrace permission,
     *     no such thread) within {@value #ATTACH_TIMEOUT_SECONDS} s
     */
    static StraceSession start(String strace, List<Long> ids, boolean follow) throws IOException {
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("nothing to trace");
        }
        Path summary = Files.createTempFile("iolab-strace-", ".txt");
        List<String> command = new ArrayList<>(List.of(strace));
        if (follow) {
            command.add("-f");
        }
        command.addAll(List.of("-c", "-o", summary.toString()));
        for (long id : ids) {
            command.add("-p");
            command.add(Long.toString(id));
        }
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            Files.deleteIfExists(summary);
            throw new IOException("Cannot run " + strace + ": " + e.getMessage(), e);
        }
        List<String> errLines = new ArrayList<>();
        CountDownLatch attached = new CountDownLatch(ids.size());
        Thread errReader =
                new Thread(() -> readMessages(process, errLines, attached), "iolab-strace-stderr-" + process.pid());
        errReader.setDaemon(true);
        errReader.start();
        StraceSession session = new StraceSession(process, summary, errReader, errLines, command);
        boolean ready;
        try {
            ready = attached.await(ATTACH_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    && !session.attachFailed()
                    && process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ready = false;
        }
        if (!ready) {
            session.abandon();
            throw new IOException("strace did not attach (" + String.join(" ", command) + "): "
                    + String.join(" / ", session.messages()));
        }
        return session;
    }

    /**
     * Detaches strace and returns its summary.
     *
     * @throws IOException when strace does not end within 30 s or leaves no readable summary
     */
    StraceSummary stop() throws IOException {
        try {
            process.destroy(); // SIGTERM: strace detaches from every thread and writes the -c summary
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                abandon();
                throw new IOException("strace did not end within 30 s of SIGTERM: " + String.join(" ", command));
            }
            errReader.join(TimeUnit.SECONDS.toMillis(5));
            String text = Files.readString(summary, StandardCharsets.UTF_8);
            if (text.isBlank() && attachFailed()) {
                throw new IOException("strace failed: " + String.join(" / ", messages()));
            }
            return StraceSummary.parse(text);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandon();
            throw new IOException("Interrupted while stopping strace", e);
        } finally {
            Files.deleteIfExists(summary);
        }
    }

    private void abandon() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(summary);
    }

    private boolean attachFailed() {
        return messages().stream()
                .anyMatch(line -> line.contains("attach:") || line.contains("Operation not permitted"));
    }

    private List<String> messages() {
        synchronized (errLines) {
            List<String> copy = new ArrayList<>(errLines);
            if (copy.isEmpty() && !process.isAlive()) {
                copy.add("strace exited with " + process.exitValue() + " and printed nothing");
            }
            return copy;
        }
    }

    /** Collects strace's messages; counts down once per attachment, and to zero if strace fails or exits. */
    private static void readMessages(Process process, List<String> lines, CountDownLatch attached) {
        try (BufferedReader err =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                synchronized (lines) {
                    lines.add(line);
                }
                if (line.contains(" attached")) {
                    attached.countDown();
                } else if (line.contains("attach:") || line.contains("Operation not permitted")) {
                    release(attached);
                }
            }
        } catch (IOException e) {
            synchronized (lines) {
                lines.add("(cannot read strace's messages: " + e.getMessage() + ")");
            }
        } finally {
            release(attached); // strace exited: nobody waits in vain
        }
    }

    private static void release(CountDownLatch latch) {
        while (latch.getCount() > 0) {
            latch.countDown();
        }
    }
}
