package dev.iolab.jmh.plugin.interleave;

import java.io.IOException;
import java.util.Collection;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's console output for a run of many single-fork units: everything JMH prints, except each unit's closing
 * results table (one table of a single fork per unit would bury the progress); {@link #close(Collection)} prints the
 * table of every cell with all its forks once, at the end.
 */
final class UnitOutput implements OutputFormat {

    private final OutputFormat jmh;

    UnitOutput(OutputFormat jmh) {
        this.jmh = jmh;
    }

    /** JMH's closing table of the merged cells. */
    void close(Collection<RunResult> cells) {
        jmh.endRun(cells);
        jmh.flush();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        jmh.flush();
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        jmh.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(
            BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        jmh.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        jmh.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        jmh.endBenchmark(result);
    }

    @Override
    public void startRun() {
        jmh.startRun();
    }

    @Override
    public void print(String s) {
        jmh.print(s);
    }

    @Override
    public void println(String s) {
        jmh.println(s);
    }

    @Override
    public void flush() {
        jmh.flush();
    }

    @Override
    public void close() {
        jmh.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        jmh.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        jmh.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        jmh.write(b);
    }
}
