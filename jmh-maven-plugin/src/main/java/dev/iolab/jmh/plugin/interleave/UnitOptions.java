package dev.iolab.jmh.plugin.interleave;

import dev.iolab.jmh.analysis.profile.CellSelector;
import java.util.Map;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * JMH's options for one unit: its run's command line, read as JMH's own {@code Main} reads it, with the run's
 * benchmark includes, the unit's one value of each parameter and a single fork — one fork of one cell.
 */
final class UnitOptions {

    private UnitOptions() {}

    /**
     * @throws IllegalArgumentException if JMH cannot read the run's command line
     */
    static Options of(UnitPlan.Run run, UnitPlan.Unit unit) {
        CommandLineOptions runOptions;
        try {
            runOptions =
                    new CommandLineOptions(CellSelector.options(run.jmhArgs()).toArray(new String[0]));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException(
                    "JMH cannot read run " + run.label() + "'s command line: " + e.getMessage(), e);
        }
        ChainedOptionsBuilder options = new OptionsBuilder().parent(runOptions);
        CellSelector.of(run.jmhArgs()).includes().forEach(options::include);
        for (Map.Entry<String, String> p : unit.params().entrySet()) {
            options.param(p.getKey(), p.getValue());
        }
        return options.forks(1).build();
    }
}
