package dev.iolab.jmh.plugin.interleave;

import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.reporting.host.CpuTimes;
import dev.iolab.reporting.host.HostFacts;
import dev.iolab.reporting.host.LoadAverage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The machine's state at one moment, read from {@code /proc}: the load average, the CPU time of every core by kind,
 * and the CPU time of the JMH host with every fork it has started and waited for. Two readings around a unit give its
 * {@link ForkRecord}: the load at its start and end, the share of CPU time stolen meanwhile, and the cores other
 * processes used.
 *
 * @param at        when it was taken
 * @param nanos     {@link System#nanoTime()} then
 * @param load      the load averages, when readable
 * @param cpu       the machine's CPU times, when readable
 * @param ownCpu    CPU seconds of the host and its waited-for forks, when readable
 */
record HostReading(Instant at, long nanos, Optional<LoadAverage> load, Optional<CpuTimes> cpu, OptionalDouble ownCpu) {

    static HostReading now(HostFacts host, long pid) {
        return new HostReading(
                Instant.now(), System.nanoTime(), host.loadAverage(), host.cpuTimes(), host.processTreeCpuSeconds(pid));
    }

    /** The record of a unit that ran between {@code this} and {@code after}. */
    ForkRecord record(int position, UnitPlan.Unit unit, List<String> cells, HostReading after, String failure) {
        double seconds = (after.nanos - nanos) / 1e9;
        Double steal = null;
        Double others = null;
        if (cpu.isPresent() && after.cpu.isPresent()) {
            double share = after.cpu.get().stealShareSince(cpu.get());
            steal = Double.isNaN(share) ? null : share;
            if (ownCpu.isPresent() && after.ownCpu.isPresent() && seconds > 0) {
                double busy = after.cpu.get().busy() - cpu.get().busy();
                double own = after.ownCpu.getAsDouble() - ownCpu.getAsDouble();
                others = Math.max(0, busy - own) / seconds;
            }
        }
        return new ForkRecord(
                position,
                unit.run(),
                unit.params(),
                unit.fork(),
                cells,
                at.toString(),
                seconds,
                load.map(LoadAverage::oneMinute).orElse(null),
                after.load.map(LoadAverage::oneMinute).orElse(null),
                steal,
                others,
                failure);
    }
}
