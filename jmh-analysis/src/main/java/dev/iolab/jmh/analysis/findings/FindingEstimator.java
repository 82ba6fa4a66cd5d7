package dev.iolab.jmh.analysis.findings;

import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.RerunPrediction;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import java.util.HashMap;
import java.util.Map;

/**
 * Estimates a finding's ratios from the run's cells: each with the interval a rerun lands in (the forks of both cells
 * and the machine's {@link NoiseFloor}), at a level shared by the finding's claims.
 */
public final class FindingEstimator {

    /** The coverage of a finding as a whole: all of its claims inside their intervals on a rerun. */
    public static final double LEVEL = 0.95;

    private final CellStatistics stats;
    private final NoiseFloor floor;

    public FindingEstimator(CellStatistics stats, NoiseFloor floor) {
        this.stats = stats;
        this.floor = floor;
    }

    public NoiseFloor floor() {
        return floor;
    }

    public EstimatedFinding estimate(String section, Finding finding) {
        double perClaim = 1 - (1 - LEVEL) / finding.claims().size();
        Map<String, RerunPrediction.Ratio> ratios = new HashMap<>();
        Map<String, Boolean> drifting = new HashMap<>();
        for (Claim claim : finding.claims()) {
            CellStatistics.Cell numerator = stats.of(claim.numerator());
            RerunPrediction.Ratio ratio;
            boolean drifts = numerator.drifting();
            if (claim.betweenCells()) {
                CellStatistics.Cell denominator = stats.of(claim.denominator());
                ratio = RerunPrediction.of(
                        numerator.forks(), denominator.forks(), sigma(section, finding, claim), perClaim);
                drifts |= denominator.drifting();
            } else {
                ratio = RerunPrediction.of(
                        numerator.forks(), claim.denominatorMillis(), sigma(section, finding, claim), perClaim);
            }
            ratios.put(claim.name(), ratio);
            drifting.put(claim.name(), drifts);
        }
        return new EstimatedFinding(section, finding, ratios, drifting, LEVEL);
    }

    private double sigma(String section, Finding finding, Claim claim) {
        return floor.sigmaFor(ratioKey(section + " / " + finding.id(), claim.name()));
    }

    /** How the noise floor names one ratio: {@code section / finding / claim}. */
    public static String ratioKey(String findingKey, String claim) {
        return findingKey + " / " + claim;
    }
}
