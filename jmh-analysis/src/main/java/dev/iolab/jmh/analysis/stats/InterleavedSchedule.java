package dev.iolab.jmh.analysis.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The order in which a run's single-fork units execute: every fork of every headline cell spread over the whole run,
 * in a seeded random order, so that the host's slow drift (its other tenants, its caches, its clock) lands on every
 * cell alike instead of on whichever cells happened to run during a slow stretch.
 *
 * <p>Stratified, not merely shuffled: a cell of {@code k} forks gets one fork in each {@code 1/k} of the run, at a
 * uniformly random place within it, and the units run in the order of those places. A plain shuffle can put three of
 * a cell's five forks in the same minute; stratification keeps each cell's forks spread, so every cell samples the
 * run's early, middle and late host alike. The same cells, fork counts and seed always give the same order, which the
 * report records with the seed.
 */
public final class InterleavedSchedule {

    /**
     * One JMH fork of one cell.
     *
     * @param cell the cell's name
     * @param fork its fork number, from 1
     */
    public record Unit(String cell, int fork) {}

    private InterleavedSchedule() {}

    /**
     * @param forks forks per cell, by cell name (any map order: cells are taken in name order)
     * @param seed  the seed the report records
     * @throws IllegalArgumentException if a cell has no fork
     */
    public static List<Unit> order(Map<String, Integer> forks, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        record Placed(Unit unit, double position) {}
        List<Placed> placed = new ArrayList<>();
        for (Map.Entry<String, Integer> cell : new TreeMap<>(forks).entrySet()) {
            int k = cell.getValue();
            if (k < 1) {
                throw new IllegalArgumentException(cell.getKey() + " needs at least one fork, got " + k);
            }
            for (int j = 0; j < k; j++) {
                placed.add(new Placed(new Unit(cell.getKey(), j + 1), (j + random.nextDouble()) / k));
            }
        }
        placed.sort(Comparator.comparingDouble(Placed::position));
        return placed.stream().map(Placed::unit).toList();
    }
}
