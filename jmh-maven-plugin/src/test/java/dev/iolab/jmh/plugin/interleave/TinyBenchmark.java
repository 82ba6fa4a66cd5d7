package dev.iolab.jmh.plugin.interleave;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/** A benchmark for the host's test: burns CPU in proportion to {@code work}, so its two cells differ. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TinyBenchmark {

    @Param({"100", "300"})
    public int work;

    @Benchmark
    public void burn() {
        Blackhole.consumeCPU(work);
    }
}
