package dev.iolab.loadtest.study.findings;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What several study runs found together, from their findings alone: the strategy that came closest to the cheapest
 * hop, and the heap the strategies used at the heaviest load measured. No I/O, no formatting.
 */
public final class Overview {

    private Overview() {}

    /** One study among several: its report's file name, its figures and its findings. */
    public record Study(String file, StudyFigures figures, List<Finding> findings) {}

    /**
     * The strategy closest to nginx's hop, over every study: measured in pairs where any study did (a median of pairs
     * outweighs one burst), else by one burst.
     *
     * @param peakHeapMib its cell's peak heap at that load; null when not sampled
     */
    public record Closest(Study study, String load, Finding.Entry entry, Double peakHeapMib, String section) {}

    /**
     * The budget-on memory finding that sets the most strategies side by side, at the heaviest load (most bytes) among
     * those: where the strategies' heap differs most plainly.
     */
    public record Leanest(Study study, Finding.Memory memory) {}

    public static Optional<Closest> closest(List<Study> studies) {
        Comparator<Candidate> order = Comparator.comparing(
                        (Candidate c) -> !c.entry().inPairs())
                .thenComparingDouble(c -> c.entry().timeRatio().median());
        return studies.stream()
                .flatMap(s -> s.findings().stream()
                        .filter(f ->
                                f instanceof Finding.Beside b && b.ceiling().equals(StudyFigures.NGINX))
                        .map(Finding.Beside.class::cast)
                        .flatMap(b -> b.entries().stream().map(e -> new Candidate(s, b, e))))
                .min(order)
                .map(c -> new Closest(
                        c.study(),
                        c.beside().load(),
                        c.entry(),
                        peak(c),
                        c.beside().section()));
    }

    public static Optional<Leanest> leanest(List<Study> studies) {
        return studies.stream()
                .flatMap(s -> s.findings().stream()
                        .filter(f -> f instanceof Finding.Memory m && m.budget() && m.peakHeapMib() != null)
                        .map(f -> new Leanest(s, (Finding.Memory) f)))
                .max(Comparator.comparingInt((Leanest l) ->
                                l.memory().held().size() + l.memory().down().size())
                        .thenComparingInt(
                                l -> size(l.memory().load()) * l.memory().users()));
    }

    private record Candidate(Study study, Finding.Beside beside, Finding.Entry entry) {}

    private static Double peak(Candidate c) {
        return c.study().figures().cells().stream()
                .filter(cell -> cell.budget()
                        && cell.strategy().equals(c.entry().strategy())
                        && cell.load().equals(c.beside().load()))
                .map(StudyFigures.Cell::peakHeapMib)
                .findFirst()
                .orElse(null);
    }

    private static int size(String load) {
        return Integer.parseInt(load.substring(0, load.indexOf(' ')));
    }
}
