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
 * experiments counted theirs, so that call counts can be compared like for like: {@code strace.syscalls}
 * ({@code #/op}, all calls) and {@code strace.<name>} for each call name seen.
 *
 * <p>How: for each measured iteration the profiler attaches {@code strace -c -p <tid>} to JMH's worker threads
 * ({@link WorkerThreads}), waits until strace confirms the attachment, detaches it after the iteration and reads its
 * summary ({@link StraceSummary}). JMH starts its worker during the fork's first iteration, which cannot be traced,
 * so the profiler needs a warm-up iteration. Option {@code threads=process} traces the whole forked JVM
 * ({@code strace -f}) instead; {@code strace=PATH} chooses the binary.
 *
 * <p>What else it counts: whatever the worker does inside the iteration besides the operation (JMH's hand-over,
 * fixtures below trial level, class loading). Times from such a run are not comparable with anything: a traced
 * thread stops twice per system call. It needs {@code strace} and permission to ptrace the JVM's threads; the
 * constructor checks both and fails with a {@link ProfilerException} naming what is missing. Proof on a known
 * workload: {@code docs/benchmarks/profilers.md}.
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
