package dev.iolab.loadtest.study;

import dev.iolab.loadtest.study.findings.Headings;
import dev.iolab.loadtest.study.findings.Spread;
import dev.iolab.loadtest.study.findings.StudyFigures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A run's result as the findings see it: {@link StudyResult} → {@link StudyFigures}. */
final class ResultFigures {

    private static final double MIB = 1024.0 * 1024.0;

    private ResultFigures() {}

    /**
     * The figures of {@code result}, whose report's tables are under the headings of {@code body} (the report without
     * its findings).
     */
    static StudyFigures of(StudyResult result, String body) {
        return new StudyFigures(
                result.run()
                        .startedUtc()
                        .substring(0, Math.min(10, result.run().startedUtc().length())),
                result.run().machine() + ", " + result.run().java(),
                heapMib(result),
                StudyAnalysis.ordered(result).stream().map(c -> cell(result, c)).toList(),
                result.ceilings().stream()
                        .map(c -> new StudyFigures.Ceiling(
                                c.row(),
                                c.fileSizeMb(),
                                c.users(),
                                c.spanSeconds(),
                                StudyAnalysis.ceilingRatio(result, c, StudyResult.Ceiling.STORAGE)))
                        .toList(),
                StudyAnalysis.ordered(result).stream()
                        .filter(c -> c.rounds() != null && !c.rounds().isEmpty())
                        .map(c -> new StudyFigures.Pairs(
                                c.strategy(),
                                c.fileSizeMb(),
                                c.users(),
                                c.rounds().getFirst().partner().row(),
                                Spread.of(c.rounds().stream()
                                        .map(StudyResult.Round::timeRatio)
                                        .toList())))
                        .toList(),
                soak(result.soak()),
                Headings.sections(body.lines().toList()));
    }

    private static Double heapMib(StudyResult result) {
        double heap = StudyAnalysis.heapMib(result);
        return Double.isNaN(heap) ? null : heap;
    }

    private static StudyFigures.Cell cell(StudyResult result, StudyResult.Cell c) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        for (String row : List.of(StudyResult.Ceiling.NGINX, StudyResult.Ceiling.STORAGE, StudyResult.Ceiling.DIRECT)) {
            Double r = StudyAnalysis.timeRatio(result, c, row);
            if (r != null) {
                ratios.put(row, r);
            }
        }
        var o = c.outcomes();
        Double peak = c.memory() == null ? null : c.memory().peakHeapUsedBytes();
        return new StudyFigures.Cell(
                c.budget(),
                c.strategy(),
                c.fileSizeMb(),
                c.users(),
                c.accepted(),
                o == null ? 0 : o.refused(),
                o == null ? Map.of() : StudyAnalysis.shortKeys(o.refusedBy()),
                c.failed(),
                o == null ? Map.of() : o.failedBy(),
                !c.serviceUp() || c.oomErrors() > 0,
                peak == null ? null : peak / MIB,
                ratios);
    }

    private static StudyFigures.Soak soak(StudyResult.Soak s) {
        if (s == null) {
            return null;
        }
        return new StudyFigures.Soak(
                s.uploads(),
                s.outcomes() == null ? 0 : s.outcomes().accepted(),
                s.outcomes() == null ? s.uploads() : s.outcomes().failed(),
                !s.serviceUp() || s.oomErrors() > 0 || s.afterLiveHeapBytes() < 0,
                s.baselineLiveHeapBytes() / MIB,
                Math.max(0, s.afterLiveHeapBytes()) / MIB,
                (s.afterLiveHeapBytes() - s.baselineLiveHeapBytes()) / MIB,
                StudyAnalysis.SOAK_TOLERANCE_BYTES / MIB);
    }
}
