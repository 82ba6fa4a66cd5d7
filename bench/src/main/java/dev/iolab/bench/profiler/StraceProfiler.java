package dev.iolab.bench.profiler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;

/**
 * Counts every system call of the benchmark thread with {@code strace -c}, per operation — the way the original
 * experiments counted theirs, so that call counts can be compared like for like:
 * {@code -prof dev.iolab.bench.profiler.StraceProfiler} adds
 * <ul>
 *   <li>{@code strace.syscalls} ({@code #/op}): all calls of every kind, per measured iteration, averaged;</li>
 *   <li>{@code strace.<name>} ({@code #/op}) for each call name seen ({@code strace.read}, {@code strace.openat},
 *       …), likewise; JMH counts an iteration in which a call did not occur as zero, which is right.</li>
 * </ul>
 *
 * <p>How: for each measured iteration, before JMH hands it to the worker, the profiler attaches
 * {@code strace -c -p <tid>} to JMH's worker threads ({@link WorkerThreads}), waits until strace confirms the
 * attachment, and detaches it (SIGTERM) after the iteration, then reads strace's summary ({@link StraceSummary}).
 * Warm-up iterations are not traced. JMH starts its worker during the fork's first iteration, which therefore
 * cannot be traced: the profiler needs at least one warm-up iteration and fails the run with that message otherwise.
 * {@code -prof "dev.iolab.bench.profiler.StraceProfiler:threads=process"} attaches {@code strace -f} to the whole
 * forked JVM instead (every thread, the JIT's, GC's and JMH's included, as a {@code strace -c -f java …} of the
 * originals would), and {@code strace=/path/to/strace} chooses the binary.
 *
 * <p>What else it counts: whatever the worker does inside the iteration besides the operation — JMH's iteration
 * hand-over ({@code futex} calls, a constant per iteration, measured by {@code SyscallCalibrationBenchmark.idle}),
 * setups and teardowns below trial level, class loading. <b>Times from such a run are not comparable</b> with
 * anything: every system call of a traced thread stops twice for the tracer, which makes a call several times slower.
 * Run it separately from timing runs, on few parameters, e.g.
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="ZeroCopyBenchmark -p fileSize=300M -wi 1 -i 2 -prof dev.iolab.bench.profiler.StraceProfiler"</pre>
 * It needs {@code strace} on the PATH ({@code apt-get install strace}) and permission to ptrace the JVM's threads
 * (root, or {@code kernel.yama.ptrace_scope} 0, or {@code CAP_SYS_PTRACE} in a container); the constructor checks
 * both by attaching to its own thread and fails with a {@link ProfilerException} naming what is missing.
 * Proof on a known workload: {@code docs/benchmarks/profilers.md}.
 */
public final class StraceProfiler implements InternalProfiler {

    /** Whom strace attaches to. */
    enum Threads {
        /** JMH's worker threads of the benchmark, each alone (default). */
        WORKER,
        /** The whole forked JVM ({@code strace -f -p <pid>}). */
        PROCESS
    }

    private final Threads threads;
    private final String strace;

    private StraceSession session;

    /**
     * @param initLine options after {@code -prof StraceProfiler:}: {@code threads=worker|process},
     *     {@code strace=PATH}
     * @throws ProfilerException when an option is bad, this is not Linux, strace is absent, or ptrace is not permitted
     */
    public StraceProfiler(String initLine) throws ProfilerException {
        ProfilerOptions options = ProfilerOptions.parse("StraceProfiler", initLine, Set.of("threads", "strace"));
        threads = options.choice("threads", Threads.class, Threads.WORKER);
        strace = options.text("strace", "strace");
        String os = System.getProperty("os.name", "unknown");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            throw new ProfilerException("StraceProfiler needs Linux and strace; this is " + os);
        }
        checkCanTrace(strace);
    }

    /** Attaches strace to the calling thread and detaches it: proves that strace runs and may ptrace this JVM. */
    static void checkCanTrace(String strace) throws ProfilerException {
        long self;
        try {
            self = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self"))
                    .getFileName()
                    .toString());
        } catch (IOException | NumberFormatException e) {
            throw new ProfilerException("StraceProfiler cannot find this thread's id in /proc/thread-self: " + e, e);
        }
        StraceSession probe;
        try {
            probe = StraceSession.start(strace, List.of(self), false);
        } catch (IOException e) {
            String message = e.getMessage();
            if (message.startsWith("Cannot run")) {
                throw new ProfilerException(
                        "StraceProfiler needs strace: " + message
                                + " (install it, e.g. apt-get install strace, or name it with -prof"
                                + " \"dev.iolab.bench.profiler.StraceProfiler:strace=/path/to/strace\")",
                        e);
            }
            throw new ProfilerException(
                    "StraceProfiler may not trace this JVM: " + message
                            + " (ptrace needs root, kernel.yama.ptrace_scope=0, or CAP_SYS_PTRACE in a container)",
                    e);
        }
        try {
            probe.stop();
        } catch (IOException e) {
            throw new ProfilerException("StraceProfiler: strace attached but did not detach cleanly: " + e, e);
        }
    }

    @Override
    public String getDescription() {
        return "every system call per op of the benchmark thread, counted by strace -c (slows calls: no times)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        session = null;
        if (iterationParams.getType() != IterationType.MEASUREMENT) {
            return;
        }
        List<Long> ids = threads == Threads.PROCESS
                ? List.of(ProcessHandle.current().pid())
                : WorkerThreads.of(benchmarkParams.getBenchmark());
        if (ids.isEmpty()) {
            // JMH would count this iteration as zero calls (it fills missing secondary results with zeros).
            throw new IllegalStateException("StraceProfiler: JMH starts its worker thread during the fork's first"
                    + " iteration, so that iteration cannot be traced; run at least one warm-up iteration (-wi 1)");
        }
        try {
            session = StraceSession.start(strace, ids, threads == Threads.PROCESS);
        } catch (IOException e) {
            throw new UncheckedIOException("StraceProfiler: " + e.getMessage(), e);
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        if (session == null) {
            return List.of();
        }
        StraceSummary summary;
        try {
            summary = session.stop();
        } catch (IOException e) {
            throw new UncheckedIOException("StraceProfiler: " + e.getMessage(), e);
        } finally {
            session = null;
        }
        long ops = result.getMetadata().getAllOps();
        if (ops == 0) {
            return List.of();
        }
        List<Result> results = new ArrayList<>();
        results.add(perOp("strace.syscalls", summary.total(), ops));
        summary.calls().forEach((name, count) -> results.add(perOp("strace." + name, count, ops)));
        return results;
    }

    private static ScalarResult perOp(String key, long count, long ops) {
        return new ScalarResult(key, (double) count / ops, "#/op", AggregationPolicy.AVG);
    }
}
