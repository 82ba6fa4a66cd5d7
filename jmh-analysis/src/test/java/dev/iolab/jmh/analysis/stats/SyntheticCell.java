package dev.iolab.jmh.analysis.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Simulated benchmark cells with a known truth: fork {@code f}'s iteration {@code i} measures
 * {@code location · exp(b_f + e_fi)}, where {@code b_f ~ N(0, betweenFork²)} is the fork's own level (its JIT
 * decisions, layout, moment on the host) and {@code e_fi} the iteration noise: independent {@code N(0, withinFork²)},
 * or, in a {@code driftingShare} of forks, an AR(1) series {@code e_i = φ e_(i−1) + η_i} with the same stationary
 * spread, which wanders like a slowly drifting host. The noise has mean zero, so {@code location} is the true value
 * every interval should cover.
 *
 * @param location      the true location
 * @param betweenFork   standard deviation of the fork levels on the log scale (0.03: about 3 %)
 * @param withinFork    standard deviation of the iteration noise on the log scale
 * @param driftingShare share of forks whose noise is AR(1)
 * @param phi           the AR(1) coefficient of those forks
 */
record SyntheticCell(double location, double betweenFork, double withinFork, double driftingShare, double phi) {

    /** Independent noise only. */
    static SyntheticCell of(double location, double betweenFork, double withinFork) {
        return new SyntheticCell(location, betweenFork, withinFork, 0, 0);
    }

    /** This cell with {@code share} of its forks drifting as AR(1) with coefficient {@code phi}. */
    SyntheticCell drifting(double share, double phi) {
        return new SyntheticCell(location, betweenFork, withinFork, share, phi);
    }

    /** The same cell at another location (for ratios). */
    SyntheticCell at(double newLocation) {
        return new SyntheticCell(newLocation, betweenFork, withinFork, driftingShare, phi);
    }

    /** One run of the cell: {@code forks} forks of {@code iterations} measured iterations. */
    Forks draw(int forks, int iterations, SplittableRandom random) {
        return draw(forks, iterations, 0, random);
    }

    /** One run whose every fork is shifted by {@code logShift} (a host that is faster or slower that day). */
    Forks draw(int forks, int iterations, double logShift, SplittableRandom random) {
        List<double[]> all = new ArrayList<>(forks);
        for (int f = 0; f < forks; f++) {
            double level = Math.log(location) + logShift + betweenFork * random.nextGaussian();
            boolean ar = random.nextDouble() < driftingShare;
            double innovation = ar ? withinFork * Math.sqrt(1 - phi * phi) : withinFork;
            double e = withinFork * random.nextGaussian();
            double[] values = new double[iterations];
            for (int i = 0; i < iterations; i++) {
                if (i > 0) {
                    e = ar ? phi * e + innovation * random.nextGaussian() : withinFork * random.nextGaussian();
                }
                values[i] = Math.exp(level + e);
            }
            all.add(values);
        }
        return Forks.of(all);
    }
}
