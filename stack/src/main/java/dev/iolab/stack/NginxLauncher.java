package dev.iolab.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One running nginx, started the same way for every nginx of the stack (the storage hop of {@link NginxProcess}, the
 * tus front of {@link TusFrontProcess}), each with its own configuration file and environment: unprivileged, from its
 * work directory, its errors in {@code nginx.log}, ready when its loopback port accepts connections. The configuration
 * must keep nginx in the foreground ({@code daemon off;}), so that the process started is nginx's master; the master
 * forks the workers, and this owns them all: their CPU time, their process IDs, a hard kill and a clean stop.
 */
final class NginxLauncher implements AutoCloseable {

    private final ManagedProcess process;
    private final URI baseUrl;

    private NginxLauncher(ManagedProcess process, URI baseUrl) {
        this.process = process;
        this.baseUrl = baseUrl;
    }

    /**
     * Starts {@code binary} in {@code workDir} with {@code config} and {@code env} added, and waits up to 30 s until
     * something accepts connections on the loopback {@code port} the configuration listens on.
     *
     * @param name what failures and the log call this nginx, e.g. {@code nginx tus front}
     */
    static NginxLauncher start(String name, Path binary, Path workDir, Path config, int port, Map<String, String> env)
            throws IOException, InterruptedException {
        ManagedProcess process = ManagedProcess.start(
                name,
                // -p: the prefix for relative paths; -e: where errors go before the configuration is read (Debian's
                // compiled-in log is under /var/log/nginx, not writable for an unprivileged user).
                List.of(
                        binary.toString(),
                        "-p",
                        workDir.toAbsolutePath().toString(),
                        "-c",
                        config.toString(),
                        "-e",
                        "stderr"),
                env,
                workDir,
                workDir.resolve("nginx.log"));
        process.awaitReady(Duration.ofSeconds(30), ManagedProcess.tcpOpen(port));
        return new NginxLauncher(process, URI.create("http://127.0.0.1:" + port));
    }

    /** {@code http://127.0.0.1:<port>}. */
    URI baseUrl() {
        return baseUrl;
    }

    /** The master process. */
    ManagedProcess process() {
        return process;
    }

    /** CPU seconds the master and its workers have used so far. */
    double cpuSeconds() {
        return process.treeCpuSeconds();
    }

    /** The master, then its workers. */
    List<ProcessHandle> processes() {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(process.process().toHandle());
        all.addAll(process.process().descendants().toList());
        return all;
    }

    /** The master's and the workers' process IDs, in the order of {@link #processes()}. */
    List<Long> pids() {
        return processes().stream().map(ProcessHandle::pid).toList();
    }

    /** The error log so far (its last lines), for a failure's message. */
    String tail() {
        return process.tail();
    }

    /** Kills the master and its workers with {@code SIGKILL}, as a machine that dies would, and waits for them. */
    void kill() {
        for (ProcessHandle handle : processes()) {
            handle.destroyForcibly();
            handle.onExit().orTimeout(30, TimeUnit.SECONDS).join();
        }
    }

    /** Stops nginx (TERM: fast shutdown of master and workers) and waits for it. */
    @Override
    public void close() {
        process.close();
    }
}
