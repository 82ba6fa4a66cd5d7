package dev.iolab.loadtest.study.findings;

import java.util.List;
import java.util.Map;

/** Study figures for the findings' tests: cells, ceilings and pairs built in a line each. */
final class Fixtures {

    static final StudyFigures.Sections SECTIONS = new StudyFigures.Sections(
            "#memory-budget-on-default", "#memory-budget-off", "#ceilings", "#in-pairs", "#valet-key", "#soak");

    private Fixtures() {}

    /** A budget-on cell that stored every upload, its time ÷ each ceiling given as name, ratio, name, ratio… */
    static StudyFigures.Cell held(String strategy, int size, int users, double peakMib, Object... ratios) {
        return new StudyFigures.Cell(
                true, strategy, size, users, users, 0, Map.of(), 0, Map.of(), false, peakMib, ratios(ratios));
    }

    static StudyFigures.Cell refused(String strategy, int size, int users, int refused, String by, double peakMib) {
        return new StudyFigures.Cell(
                true,
                strategy,
                size,
                users,
                users - refused,
                refused,
                Map.of(by, refused),
                0,
                Map.of(),
                false,
                peakMib,
                Map.of());
    }

    /** A budget-off cell that took the service down: every upload failed. */
    static StudyFigures.Cell down(String strategy, int size, int users) {
        return new StudyFigures.Cell(
                false,
                strategy,
                size,
                users,
                0,
                0,
                Map.of(),
                users,
                Map.of("no response (reset or timeout)", users),
                true,
                40.0,
                Map.of());
    }

    static StudyFigures figures(
            List<StudyFigures.Cell> cells, List<StudyFigures.Ceiling> ceilings, List<StudyFigures.Pairs> pairs) {
        return new StudyFigures(
                "2026-11-28", "2 cores, Linux, OpenJDK 25", 512.0, cells, ceilings, pairs, null, SECTIONS);
    }

    private static Map<String, Double> ratios(Object... nameRatio) {
        java.util.LinkedHashMap<String, Double> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < nameRatio.length; i += 2) {
            map.put((String) nameRatio[i], (Double) nameRatio[i + 1]);
        }
        return map;
    }
}
