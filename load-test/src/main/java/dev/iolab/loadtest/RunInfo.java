package dev.iolab.loadtest;

import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;

/**
 * What ran where, when and under what load: the first part of every study's result file and report.
 *
 * @param command         the command line as typed
 * @param startedUtc      ISO instant
 * @param finishedUtc     ISO instant
 * @param durationSeconds wall time of the whole run
 * @param machine         cores, memory, kernel
 * @param java            the JDK the services and Gatling ran on
 * @param loadBefore      1/5/15-minute load average before the run
 * @param loadAfter       after the run
 * @param loadMax         highest 1-minute load average seen between measurements
 * @param serviceOpts     each service jar's JVM options and extra arguments
 * @param executorThreads each service's upload executor's maximum threads (from its metrics)
 * @param capacity        threads + queue: uploads each service accepts at once
 */
public record RunInfo(
        String command,
        String startedUtc,
        String finishedUtc,
        long durationSeconds,
        String machine,
        String java,
        String loadBefore,
        String loadAfter,
        double loadMax,
        String serviceOpts,
        int executorThreads,
        int capacity) {

    /**
     * The rows a study's report opens with: command, run, machine and JDK, load averages.
     *
     * @param sampled  when the highest load was sampled, e.g. {@code between cells}
     * @param loadNote what follows the load figures, e.g. what shares the machine; may be empty
     */
    public MarkdownTable rows(String sampled, String loadNote) {
        return MarkdownTable.keyValue()
                .row("Command", "`" + command + "`")
                .row("Run", startedUtc + " → " + finishedUtc + " (" + Figures.minutes(durationSeconds) + ")")
                .row("Machine", machine + ", " + java)
                .row(
                        "Load average (1/5/15 min)",
                        "before: " + loadBefore + "; after: " + loadAfter + "; highest 1-min value seen " + sampled
                                + ": " + Figures.fixed(loadMax, 2) + loadNote);
    }
}
