package dev.iolab.reporting.host;

/**
 * The CPU time of all cores since boot by what it was spent on, in seconds ({@code /proc/stat}'s {@code cpu} line).
 * Two readings bracket a run: {@link #stealShareSince} says how much of the machine's time in between the hypervisor
 * gave to other guests (steal), time a benchmark could not run although it was ready to.
 *
 * @param user    user mode, guest time included
 * @param nice    user mode at low priority
 * @param system  kernel mode
 * @param idle    idle
 * @param iowait  idle while I/O was outstanding
 * @param irq     servicing interrupts
 * @param softirq servicing soft interrupts
 * @param steal   spent by the hypervisor on other guests while this one wanted to run (0 on bare metal)
 */
public record CpuTimes(
        double user, double nice, double system, double idle, double iowait, double irq, double softirq, double steal) {

    /** All of it: the sum of every kind. */
    public double total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** What was spent working: everything but idle, I/O wait and steal. */
    public double busy() {
        return user + nice + system + irq + softirq;
    }

    /**
     * The share (0–1) of the machine's CPU time between {@code earlier} and this reading that was stolen; NaN when no
     * time passed.
     */
    public double stealShareSince(CpuTimes earlier) {
        double elapsed = total() - earlier.total();
        return elapsed > 0 ? (steal - earlier.steal) / elapsed : Double.NaN;
    }

    /**
     * Reads a {@code cpu  user nice system idle iowait irq softirq steal …} line of clock ticks; absent trailing
     * fields (old kernels) count zero. Null when the line is not one.
     */
    static CpuTimes parse(String line, double ticksPerSecond) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 5 || !fields[0].equals("cpu")) {
            return null;
        }
        double[] seconds = new double[8];
        try {
            for (int i = 0; i < seconds.length && i + 1 < fields.length; i++) {
                seconds[i] = Long.parseLong(fields[i + 1]) / ticksPerSecond;
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return new CpuTimes(
                seconds[0], seconds[1], seconds[2], seconds[3], seconds[4], seconds[5], seconds[6], seconds[7]);
    }
}
