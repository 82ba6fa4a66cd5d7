package dev.iolab.loadtest.study.findings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The findings of one upload study run, from its figures alone: no I/O, no formatting.
 *
 * <p>In order: the heap at the heaviest load with the budget on, then off (the largest files, then the most users:
 * where memory is tightest); uploads lost with the budget on; what nginx's hop costs by itself; and how close the
 * strategies came to each ceiling — nginx's hop, the store itself, the SDK alone — at the load where they were measured
 * in pairs, else at the largest files with the fewest users (above the service's capacity it refuses the excess before
 * the bodies, which flatters its time); the soak last.
 */
public final class UploadFindings {

    /** The ceilings, cheapest hop first. */
    static final List<String> CEILINGS = List.of(StudyFigures.NGINX, StudyFigures.STORAGE, StudyFigures.DIRECT);

    private UploadFindings() {}

    public static List<Finding> of(StudyFigures figures) {
        List<Finding> findings = new ArrayList<>();
        memory(figures, true).ifPresent(findings::add);
        memory(figures, false).ifPresent(findings::add);
        losses(figures).ifPresent(findings::add);
        timeLoad(figures).ifPresent(load -> {
            hop(figures, load).ifPresent(findings::add);
            for (String ceiling : CEILINGS) {
                beside(figures, ceiling, load).ifPresent(findings::add);
            }
        });
        if (figures.soak() != null) {
            findings.add(soak(figures.soak(), figures.sections().soak()));
        }
        return List.copyOf(findings);
    }

    static Optional<Finding> memory(StudyFigures figures, boolean budget) {
        List<StudyFigures.Cell> part =
                figures.cells().stream().filter(c -> c.budget() == budget).toList();
        Optional<StudyFigures.Cell> heaviest = part.stream()
                .max(Comparator.comparingInt(StudyFigures.Cell::sizeMb).thenComparingInt(StudyFigures.Cell::users));
        if (heaviest.isEmpty()) {
            return Optional.empty();
        }
        int size = heaviest.get().sizeMb();
        int users = heaviest.get().users();
        List<StudyFigures.Cell> at = part.stream()
                .filter(c -> c.sizeMb() == size && c.users() == users)
                .toList();
        List<StudyFigures.Cell> held = at.stream().filter(c -> !c.down()).toList();
        List<StudyFigures.Cell> sampled =
                held.stream().filter(c -> c.peakHeapMib() != null).toList();
        List<Double> peaks =
                sampled.stream().map(StudyFigures.Cell::peakHeapMib).toList();
        Comparator<StudyFigures.Cell> byPeak = Comparator.comparingDouble(StudyFigures.Cell::peakHeapMib);
        List<Integer> refused =
                at.stream().map(StudyFigures.Cell::refused).filter(r -> r > 0).toList();
        List<String> refusedBy = at.stream()
                .flatMap(c -> c.refusedBy().keySet().stream())
                .distinct()
                .sorted()
                .toList();
        return Optional.of(new Finding.Memory(
                budget,
                StudyFigures.load(size, users),
                users,
                held.stream().map(StudyFigures.Cell::strategy).toList(),
                at.stream()
                        .filter(StudyFigures.Cell::down)
                        .map(StudyFigures.Cell::strategy)
                        .toList(),
                peaks.isEmpty() ? null : Spread.of(peaks),
                sampled.stream().min(byPeak).map(StudyFigures.Cell::strategy).orElse(null),
                sampled.stream().max(byPeak).map(StudyFigures.Cell::strategy).orElse(null),
                figures.heapMib(),
                refused.isEmpty() ? null : Spread.of(refused),
                refusedBy,
                budget ? figures.sections().budgetOn() : figures.sections().budgetOff()));
    }

    static Optional<Finding> losses(StudyFigures figures) {
        List<StudyFigures.Cell> on =
                figures.cells().stream().filter(StudyFigures.Cell::budget).toList();
        if (on.isEmpty()) {
            return Optional.empty();
        }
        List<Finding.Loss> losses = on.stream()
                .filter(c -> c.failed() > 0 || c.down())
                .map(c -> new Finding.Loss(c.strategy(), c.load(), c.failed(), c.failedBy(), c.down()))
                .toList();
        return Optional.of(
                new Finding.Losses(on.size(), losses, figures.sections().budgetOn()));
    }

    /** The load the time findings speak of: the one with the most pairs, else the largest files with fewest users. */
    static Optional<List<Integer>> timeLoad(StudyFigures figures) {
        Optional<StudyFigures.Pairs> paired = figures.pairs().stream()
                .max(Comparator.comparingLong((StudyFigures.Pairs p) -> figures.pairs().stream()
                                .filter(q -> q.sizeMb() == p.sizeMb() && q.users() == p.users())
                                .count())
                        .thenComparingInt(StudyFigures.Pairs::sizeMb));
        if (paired.isPresent()) {
            return Optional.of(List.of(paired.get().sizeMb(), paired.get().users()));
        }
        return figures.cells().stream()
                .filter(c -> c.budget() && !c.timeRatios().isEmpty())
                .max(Comparator.comparingInt(StudyFigures.Cell::sizeMb)
                        .thenComparing(Comparator.comparingInt(StudyFigures.Cell::users)
                                .reversed()))
                .map(c -> List.of(c.sizeMb(), c.users()));
    }

    static Optional<Finding> hop(StudyFigures figures, List<Integer> load) {
        return figures.ceilings().stream()
                .filter(c -> c.row().equals(StudyFigures.NGINX)
                        && c.sizeMb() == load.get(0)
                        && c.users() == load.get(1)
                        && c.timeRatioToStorage() != null)
                .findFirst()
                .map(c -> new Finding.Hop(
                        StudyFigures.load(c.sizeMb(), c.users()),
                        Spread.one(c.timeRatioToStorage()),
                        figures.sections().ceilings()));
    }

    /**
     * Each strategy beside {@code ceiling} at {@code load}: over its pairs when it was measured in pairs beside that
     * ceiling, else its one burst. valet-key sends its bytes past the service and any hop, so it is set against the
     * store and the SDK, not against nginx.
     */
    static Optional<Finding> beside(StudyFigures figures, String ceiling, List<Integer> load) {
        Predicate<String> measured = s -> !(ceiling.equals(StudyFigures.NGINX) && s.equals(StudyFigures.VALET_KEY));
        List<Finding.Entry> entries = new ArrayList<>();
        for (StudyFigures.Cell c : figures.cells()) {
            if (!c.budget() || c.sizeMb() != load.get(0) || c.users() != load.get(1) || !measured.test(c.strategy())) {
                continue;
            }
            Optional<StudyFigures.Pairs> pairs = figures.pairs().stream()
                    .filter(p -> p.strategy().equals(c.strategy())
                            && p.partner().equals(ceiling)
                            && p.sizeMb() == c.sizeMb()
                            && p.users() == c.users())
                    .findFirst();
            if (pairs.isPresent()) {
                entries.add(new Finding.Entry(c.strategy(), pairs.get().timeRatio(), true));
            } else if (c.timeRatios().get(ceiling) != null) {
                entries.add(new Finding.Entry(
                        c.strategy(), Spread.one(c.timeRatios().get(ceiling)), false));
            }
        }
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        entries.sort(Comparator.comparingDouble(e -> e.timeRatio().median()));
        boolean anyPairs = entries.stream().anyMatch(Finding.Entry::inPairs);
        String section = anyPairs && figures.sections().pairs() != null
                ? figures.sections().pairs()
                : figures.sections().budgetOn();
        return Optional.of(new Finding.Beside(
                ceiling, StudyFigures.load(load.get(0), load.get(1)), List.copyOf(entries), section));
    }

    static Finding soak(StudyFigures.Soak s, String section) {
        return new Finding.Soak(
                s.uploads(),
                s.accepted(),
                s.failed(),
                s.down(),
                s.baselineMib(),
                s.afterMib(),
                s.changeMib(),
                s.changeMib() <= s.toleranceMib(),
                s.toleranceMib(),
                section);
    }
}
