package dev.iolab.jmh.analysis.findings;

import dev.iolab.jmh.analysis.stats.RerunPrediction;
import dev.iolab.reporting.finding.Claim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a rerun upholds the findings of a first run. A claim is upheld when the rerun's ratio lies inside the first
 * run's interval; it is reversed when the first run's interval lies wholly on one side of 1 and the rerun's ratio on
 * the other (faster became slower). A finding is upheld when all of its claims are, reversed when any is.
 *
 * @param rows one per finding of the first run, in its order
 */
public record FindingsCheck(List<Row> rows) {

    /** The goal two runs of one revision on one machine are held to: this share of findings upheld, none reversed. */
    public static final double GOAL = 0.90;

    public enum Verdict {
        UPHELD("upheld"),
        MOVED("moved outside its interval"),
        REVERSED("reversed"),
        UNCHECKED("not checked");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * One finding in both runs.
     *
     * @param first   the first run's finding
     * @param rerun   each claim's ratio in the rerun, by claim name (empty when the rerun lacks the finding)
     * @param verdict upheld, moved, reversed, or unchecked (not in the rerun, or no interval in the first run)
     * @param claims  each claim's verdict, by claim name
     */
    public record Row(
            EstimatedFinding first,
            Map<String, RerunPrediction.Ratio> rerun,
            Verdict verdict,
            Map<String, Verdict> claims) {}

    public FindingsCheck {
        rows = List.copyOf(rows);
    }

    /** Checks every finding of {@code first} against the same finding (section and id) of {@code rerun}. */
    public static FindingsCheck of(List<EstimatedFinding> first, List<EstimatedFinding> rerun) {
        Map<String, EstimatedFinding> byKey = new LinkedHashMap<>();
        rerun.forEach(f -> byKey.put(f.key(), f));
        List<Row> rows = new ArrayList<>();
        for (EstimatedFinding finding : first) {
            EstimatedFinding other = byKey.get(finding.key());
            rows.add(other == null ? new Row(finding, Map.of(), Verdict.UNCHECKED, Map.of()) : row(finding, other));
        }
        return new FindingsCheck(rows);
    }

    private static Row row(EstimatedFinding first, EstimatedFinding rerun) {
        Map<String, Verdict> claims = new LinkedHashMap<>();
        Map<String, RerunPrediction.Ratio> ratios = new LinkedHashMap<>();
        for (Claim claim : first.finding().claims()) {
            RerunPrediction.Ratio before = first.ratio(claim);
            RerunPrediction.Ratio after = rerun.ratios().get(claim.name());
            if (after != null) {
                ratios.put(claim.name(), after);
            }
            claims.put(claim.name(), claim(before, after));
        }
        return new Row(first, ratios, finding(claims), claims);
    }

    static Verdict claim(RerunPrediction.Ratio before, RerunPrediction.Ratio after) {
        if (after == null || !before.interval()) {
            return Verdict.UNCHECKED;
        }
        if ((before.low() > 1 && after.value() < 1) || (before.high() < 1 && after.value() > 1)) {
            return Verdict.REVERSED;
        }
        return before.contains(after.value()) ? Verdict.UPHELD : Verdict.MOVED;
    }

    private static Verdict finding(Map<String, Verdict> claims) {
        if (claims.containsValue(Verdict.REVERSED)) {
            return Verdict.REVERSED;
        }
        if (claims.containsValue(Verdict.UNCHECKED)) {
            return Verdict.UNCHECKED;
        }
        return claims.containsValue(Verdict.MOVED) ? Verdict.MOVED : Verdict.UPHELD;
    }

    /** Findings checked (in both runs, with an interval). */
    public int checked() {
        return (int) rows.stream().filter(r -> r.verdict() != Verdict.UNCHECKED).count();
    }

    public int count(Verdict verdict) {
        return (int) rows.stream().filter(r -> r.verdict() == verdict).count();
    }

    /** Whether at least {@link #GOAL} of the checked findings are upheld and none is reversed. */
    public boolean goalMet() {
        return checked() > 0 && count(Verdict.UPHELD) >= GOAL * checked() && count(Verdict.REVERSED) == 0;
    }
}
