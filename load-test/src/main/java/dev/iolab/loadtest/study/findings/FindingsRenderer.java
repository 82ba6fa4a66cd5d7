package dev.iolab.loadtest.study.findings;

import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.Templates;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes findings as Markdown through the templates beside this package in the resources ({@code finding.mustache}:
 * one sentence per kind of finding; {@code report-findings.mustache}: the block a study report opens with;
 * {@code overview-findings.mustache}: the findings of several studies). This class only turns figures into the
 * strings the templates show ({@code 0.98 [0.93–1.01]}, {@code 56–488}, {@code in-memory, on-demand and temp-file}).
 */
public final class FindingsRenderer {

    private static final Templates TEMPLATES = Templates.beside(FindingsRenderer.class);

    private FindingsRenderer() {}

    /**
     * The block a study report opens with, right after its title: one line on when and where, then its findings.
     */
    public static String report(StudyFigures figures, List<Finding> findings) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("date", figures.date());
        view.put("machine", figures.machine());
        view.put("findings", views(findings, ""));
        return TEMPLATES.compile("report-findings").execute(view);
    }

    /**
     * The findings of several studies: first what they found together, then each study's findings under a line naming
     * its report; {@code homeFile} is the overview's own file, whose links stay within it.
     */
    public static String overview(StudyFigures home, String homeFile, List<Overview.Study> studies) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("date", home.date());
        view.put("machine", home.machine());
        Overview.closest(studies).ifPresent(c -> view.put("closest", closest(c, homeFile)));
        Overview.leanest(studies).ifPresent(l -> view.put("leanest", leanest(l, homeFile)));
        view.put("studies", studies.stream().map(s -> study(s, homeFile)).toList());
        return TEMPLATES.compile("overview-findings").execute(view);
    }

    private static Map<String, Object> study(Overview.Study s, String homeFile) {
        Map<String, Object> study = new LinkedHashMap<>();
        study.put("file", s.file());
        study.put("date", s.figures().date());
        loads(s.figures(), study);
        if (s.figures().heapMib() != null) {
            study.put("heap", Figures.fixed(s.figures().heapMib(), 0));
        }
        study.put("findings", views(s.findings(), linkBase(s, homeFile)));
        return study;
    }

    private static Map<String, Object> closest(Overview.Closest c, String homeFile) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("strategy", c.entry().strategy());
        v.put("ratio", ratio(c.entry().timeRatio()));
        v.put("inPairs", c.entry().inPairs());
        v.put("pairs", c.entry().timeRatio().count());
        v.put("load", c.load());
        v.put("date", c.study().figures().date());
        if (c.peakHeapMib() != null) {
            v.put("peak", Figures.fixed(c.peakHeapMib(), 0));
        }
        if (c.study().figures().heapMib() != null) {
            v.put("heap", Figures.fixed(c.study().figures().heapMib(), 0));
        }
        v.put("link", linkBase(c.study(), homeFile) + c.section());
        return v;
    }

    private static Map<String, Object> leanest(Overview.Leanest l, String homeFile) {
        Finding.Memory m = l.memory();
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("load", m.load());
        v.put("date", l.study().figures().date());
        v.put("count", m.held().size());
        v.put("all", m.down().isEmpty());
        v.put("lowest", m.lowest());
        v.put("low", Figures.fixed(m.peakHeapMib().low(), 0));
        v.put("highest", m.highest());
        v.put("high", Figures.fixed(m.peakHeapMib().high(), 0));
        if (m.heapMib() != null) {
            v.put("heap", Figures.fixed(m.heapMib(), 0));
        }
        v.put("link", linkBase(l.study(), homeFile) + m.section());
        return v;
    }

    /** Links within the overview's own file start with the anchor; links to another report with its file name. */
    private static String linkBase(Overview.Study s, String homeFile) {
        return s.file().equals(homeFile) ? "" : s.file();
    }

    private static List<Map<String, Object>> views(List<Finding> findings, String file) {
        return findings.stream().map(f -> view(f, file)).toList();
    }

    /** One finding as the template sees it: under its kind's key, its figures as strings. */
    static Map<String, Object> view(Finding finding, String file) {
        Map<String, Object> v = new LinkedHashMap<>();
        String key = switch (finding) {
            case Finding.Memory m -> memory(m, v);
            case Finding.Losses l -> losses(l, v);
            case Finding.Hop h -> {
                v.put("load", h.load());
                v.put("ratio", ratio(h.timeRatio()));
                yield "hop";
            }
            case Finding.Beside b -> beside(b, v);
            case Finding.Soak s -> soak(s, v);
        };
        v.put("link", finding.section() == null ? file : file + finding.section());
        return Map.of(key, v);
    }

    private static String memory(Finding.Memory m, Map<String, Object> v) {
        v.put("budget", m.budget());
        v.put("load", m.load());
        v.put("users", m.users());
        v.put("held", m.held());
        v.put("anyHeld", !m.held().isEmpty());
        v.put("down", m.down());
        v.put("anyDown", !m.down().isEmpty());
        if (m.heapMib() != null) {
            v.put("heap", Figures.fixed(m.heapMib(), 0));
        }
        if (m.peakHeapMib() != null) {
            Spread peak = m.peakHeapMib();
            boolean one = range(peak, 0).equals(Figures.fixed(peak.low(), 0));
            v.put(
                    one ? "peak" : "peaks",
                    Map.of(
                            "low", Figures.fixed(peak.low(), 0),
                            "high", Figures.fixed(peak.high(), 0),
                            "lowest", m.lowest(),
                            "highest", m.highest()));
        }
        if (m.refused() != null) {
            v.put("refused", range(m.refused(), 0));
            v.put(
                    "allRefused",
                    m.refused().count() == m.held().size() + m.down().size());
            v.put("refusing", m.refused().count());
            v.put("refusedBy", String.join(", ", m.refusedBy()));
        }
        return "memory";
    }

    private static String losses(Finding.Losses l, Map<String, Object> v) {
        v.put("cells", l.cells());
        v.put("one", l.cells() == 1);
        v.put("none", l.losses().isEmpty());
        v.put(
                "list",
                l.losses().stream()
                        .map(x -> Map.of(
                                "strategy", x.strategy(),
                                "load", x.load(),
                                "failed", x.failed(),
                                "failedBy", String.join(", ", x.failedBy().keySet()),
                                "down", x.down()))
                        .toList());
        return "losses";
    }

    private static String beside(Finding.Beside b, Map<String, Object> v) {
        v.put(b.ceiling(), true);
        v.put("load", b.load());
        v.put(
                "entries",
                b.entries().stream()
                        .map(e -> Map.of("strategy", e.strategy(), "ratio", ratio(e.timeRatio())))
                        .toList());
        long paired = b.entries().stream().filter(Finding.Entry::inPairs).count();
        List<Integer> counts =
                b.entries().stream().map(e -> e.timeRatio().count()).distinct().toList();
        boolean allPairs = paired == b.entries().size() && counts.size() == 1;
        v.put("allPairs", allPairs);
        v.put("noPairs", paired == 0);
        v.put("mixed", paired > 0 && !allPairs);
        v.put("pairs", counts.getFirst());
        return "beside";
    }

    private static String soak(Finding.Soak s, Map<String, Object> v) {
        v.put("uploads", s.uploads());
        v.put("accepted", s.accepted());
        v.put("failed", s.failed());
        v.put("down", s.down());
        v.put("baseline", Figures.fixed(s.baselineMib(), 0));
        v.put("after", Figures.fixed(s.afterMib(), 0));
        v.put("delta", String.format(Locale.ROOT, "%+.1f", s.changeMib()));
        v.put("back", s.back());
        v.put("tolerance", Figures.fixed(s.toleranceMib(), 0));
        return "soak";
    }

    /** {@code 1.24}, or over several measurements {@code 1.05 [0.99–1.11]}: the median, then lowest–highest. */
    static String ratio(Spread s) {
        String median = Figures.fixed(s.median(), 2);
        return s.count() == 1
                ? median
                : median + " [" + Figures.fixed(s.low(), 2) + "–" + Figures.fixed(s.high(), 2) + "]";
    }

    /** {@code 117–123}, or {@code 117} when lowest and highest agree at this precision. */
    static String range(Spread s, int decimals) {
        String low = Figures.fixed(s.low(), decimals);
        String high = Figures.fixed(s.high(), decimals);
        return low.equals(high) ? low : low + "–" + high;
    }

    /** The file sizes and user counts a study measured, or that it was a soak. */
    private static void loads(StudyFigures f, Map<String, Object> study) {
        List<Integer> sizes = f.cells().stream()
                .map(StudyFigures.Cell::sizeMb)
                .distinct()
                .sorted()
                .toList();
        List<Integer> users = f.cells().stream()
                .map(StudyFigures.Cell::users)
                .distinct()
                .sorted()
                .toList();
        study.put("fileSizes", sizes);
        study.put("userCounts", users);
        // names no finding's view uses: a finding's missing key falls back to its study's in Mustache
        study.put("measuredCells", !sizes.isEmpty());
        study.put("soakOnly", sizes.isEmpty() && f.soak() != null);
    }
}
