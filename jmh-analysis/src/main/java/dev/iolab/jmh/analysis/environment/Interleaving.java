package dev.iolab.jmh.analysis.environment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * How a profile's interleaved runs were executed: every fork of their cells as a single-fork unit, all units in one
 * seeded random order, each unit recorded with the machine's state while it ran.
 *
 * @param seed  the seed of the order ({@code -Djmh.seed} repeats it)
 * @param runs  the JMH command lines of the interleaved runs, as the profile wrote them
 * @param units every unit in the order it ran
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Interleaving(long seed, List<String> runs, List<ForkRecord> units) {

    public Interleaving {
        runs = runs == null ? List.of() : List.copyOf(runs);
        units = units == null ? List.of() : List.copyOf(units);
    }
}
