package dev.iolab.jmh.analysis.reference;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * The figures of the reference machine, which the analysis and the run plans assume where a machine's own are not
 * given: how far reruns of identical code move ({@link Rerun}) and what JMH's runs cost beyond their iterations
 * ({@link RunCosts}). They are measurements, so they are data: {@value #FILE} beside this class says on which
 * machine, when and from which runs each was measured; the runs and their analysis are in the file's {@code notes}.
 *
 * @param machine  the machine they were measured on
 * @param notes    where the measurements are written up
 * @param rerun    the rerun figures of the comparison's verdicts
 * @param runCosts the costs of the run plans' estimates
 */
public record ReferenceHost(String machine, String notes, Rerun rerun, RunCosts runCosts) {

    /** The resource holding the figures, beside this class. */
    public static final String FILE = "reference-host.json";

    /** The reference machine's figures, read once from {@value #FILE}. */
    public static final ReferenceHost MEASURED = load();

    /**
     * How far reruns of identical code move on the machine.
     *
     * @param hostShift the standard deviation, on the log scale, of the shift every cell of a run shares (a fraction:
     *                  0.0103 is 1.03 %): the default host allowance of {@code RerunModel}
     * @param slotDrift the standard deviation, on the log scale, of one run's own shift of a cell beyond its forks'
     *                  scatter, which a cell measured back to back carries whole ({@code RerunModel#backToBack})
     * @param measured  when
     * @param source    from which runs, and how
     */
    public record Rerun(double hostShift, double slotDrift, String measured, String source) {

        public Rerun {
            if (!(hostShift >= 0 && hostShift < 1) || !(slotDrift >= 0 && slotDrift < 1)) {
                throw new IllegalArgumentException(
                        "rerun figures are fractions from 0 to 1, got " + hostShift + " and " + slotDrift);
            }
        }
    }

    /**
     * What JMH's runs cost beyond their iterations, for the run plans' estimates ({@code PlannedRun}).
     *
     * @param runStartMillis     starting JMH's harness JVM, once per run
     * @param forkStartMillis    starting one fork's JVM and JMH's handshake with it
     * @param unitOverheadMillis one single-fork unit of an interleaved run beyond its fork: JMH's set-up of each run
     *                           and the host's reading of {@code /proc} before and after
     * @param measured           when
     * @param source             from which runs, and how
     */
    public record RunCosts(
            long runStartMillis, long forkStartMillis, long unitOverheadMillis, String measured, String source) {

        public RunCosts {
            if (runStartMillis < 0 || forkStartMillis < 0 || unitOverheadMillis < 0) {
                throw new IllegalArgumentException("run costs are durations of 0 ms or more");
            }
        }
    }

    /** {@link Rerun#hostShift()}. */
    public double hostShift() {
        return rerun.hostShift();
    }

    /** {@link Rerun#slotDrift()}. */
    public double slotDrift() {
        return rerun.slotDrift();
    }

    /** {@link RunCosts#runStartMillis()}. */
    public Duration runStart() {
        return Duration.ofMillis(runCosts.runStartMillis());
    }

    /** {@link RunCosts#forkStartMillis()}. */
    public Duration forkStart() {
        return Duration.ofMillis(runCosts.forkStartMillis());
    }

    /** {@link RunCosts#unitOverheadMillis()}. */
    public Duration unitOverhead() {
        return Duration.ofMillis(runCosts.unitOverheadMillis());
    }

    /** Reads figures in the format of {@value #FILE}; every field is required. */
    static ReferenceHost read(InputStream in) throws IOException {
        return new ObjectMapper()
                .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .readValue(in, ReferenceHost.class);
    }

    private static ReferenceHost load() {
        try (InputStream in = ReferenceHost.class.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is missing beside " + ReferenceHost.class.getName());
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + FILE + ": " + e.getMessage(), e);
        }
    }
}
