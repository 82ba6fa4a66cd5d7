package dev.iolab.jmh.analysis.findings;

import dev.iolab.jmh.analysis.stats.RerunPrediction;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import java.util.Map;

/**
 * A finding with its ratios estimated: each claim's ratio with the interval a rerun is expected to land in.
 *
 * @param section  the title of the section that drew it
 * @param finding  the finding
 * @param ratios   each claim's ratio, by claim name
 * @param drifting the claims with a drifting side (a fork trends within its iterations), by claim name
 * @param level    the interval's coverage for the finding as a whole (each claim's is {@code 1 − (1 − level)/k} for
 *                 {@code k} claims, so that all of a finding's claims hold together at {@code level})
 */
public record EstimatedFinding(
        String section,
        Finding finding,
        Map<String, RerunPrediction.Ratio> ratios,
        Map<String, Boolean> drifting,
        double level) {

    public EstimatedFinding {
        ratios = Map.copyOf(ratios);
        drifting = Map.copyOf(drifting);
    }

    /** The ratio of one claim. */
    public RerunPrediction.Ratio ratio(Claim claim) {
        return ratios.get(claim.name());
    }

    /** Identifies the finding across runs: its section and id. */
    public String key() {
        return section + " / " + finding.id();
    }
}
