package dev.iolab.jmh.analysis;

import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.reporting.section.ReportException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options {@code report} and {@code compare} share: how far reruns move on the machine that measured. */
final class MachineOptions {

    @Option(
            names = "--host-shift",
            description = "The run-wide shift two runs of identical code show on this machine, a standard deviation"
                    + " on the log scale (0.01 for about 1 %%); default: the reference machine's.")
    Double hostShift;

    @Option(
            names = "--noise-floor",
            description = "The machine's A/A noise floor file (noise-floor writes it); none: findings carry their"
                    + " forks' scatter alone.")
    Path noiseFloor;

    /** The host shift as a fraction, or the reference machine's. */
    double hostShift() {
        if (hostShift == null) {
            return ReferenceHost.MEASURED.hostShift();
        }
        if (!(hostShift >= 0 && hostShift < 1)) {
            throw new IllegalArgumentException(
                    "The host shift (-Djmh.hostShift, --host-shift) must be a fraction from 0 to 1 (0.01 for 1 %), got "
                            + hostShift);
        }
        return hostShift;
    }

    /** The noise floor read from its file, or none. */
    NoiseFloor noiseFloor() throws ReportException {
        return noiseFloor == null ? NoiseFloor.NONE : NoiseFloor.read(noiseFloor);
    }
}
