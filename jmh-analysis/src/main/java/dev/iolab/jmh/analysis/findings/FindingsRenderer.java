package dev.iolab.jmh.analysis.findings;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;
import dev.iolab.jmh.analysis.stats.RerunPrediction;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Words findings through Mustache templates: each section's sentences from its own template (see
 * {@link ReportSection#findings}), the report's "Findings" part and the rerun check from this plugin's. Figures are
 * formatted here, prose lives in the templates.
 */
public final class FindingsRenderer {

    private static final Mustache.Compiler MUSTACHE = Mustache.compiler().escapeHTML(false);

    /**
     * What a template sees of one claim's ratio.
     *
     * @param value    {@code ×1.23}
     * @param interval {@code [1.10–1.38]}, {@code (1 fork)} without one
     * @param above    the interval lies above 1 (the numerator takes longer)
     * @param below    the interval lies below 1
     * @param level    the interval holds 1 (neither is surely faster)
     * @param inverse  the ratio turned over with its interval: {@code ×0.81 [0.72–0.91]}
     * @param mark     {@code  ⚠} when a side drifts, else empty
     */
    public record ClaimView(
            String value, String interval, boolean above, boolean below, boolean level, String inverse, String mark) {

        static ClaimView of(RerunPrediction.Ratio r, boolean drifting) {
            boolean above = r.interval() ? r.low() > 1 : r.value() > 1;
            boolean below = r.interval() ? r.high() < 1 : r.value() < 1;
            String inverse = Figures.times(1 / r.value())
                    + (r.interval()
                            ? " [" + Figures.factor(1 / r.high()) + "–" + Figures.factor(1 / r.low()) + "]"
                            : "");
            return new ClaimView(
                    Figures.times(r.value()),
                    FindingsRenderer.interval(r),
                    above,
                    below,
                    !above && !below,
                    inverse,
                    drifting ? " ⚠" : "");
        }
    }

    static String interval(RerunPrediction.Ratio r) {
        if (!r.interval()) {
            return r.forks() == 1 ? "(1 fork)" : "(" + r.forks() + " forks)";
        }
        return "[" + Figures.factor(r.low()) + "–" + Figures.factor(r.high()) + "]";
    }

    /** The sentences of one section's findings, from its template; empty without findings. */
    public String section(ReportSection section, List<EstimatedFinding> findings) throws ReportException, IOException {
        if (findings.isEmpty()) {
            return "";
        }
        String name = section.getClass().getSimpleName() + "-findings.mustache";
        try (InputStream in = section.getClass().getResourceAsStream(name)) {
            if (in == null) {
                throw new ReportException("The section " + section.getClass().getName() + " draws findings but has no"
                        + " template " + name + " beside its class to word them.");
            }
            Map<String, Object> context = new HashMap<>();
            for (EstimatedFinding finding : findings) {
                context.put(finding.finding().id(), view(finding));
            }
            return render(MUSTACHE.compile(new InputStreamReader(in, StandardCharsets.UTF_8)), context, name);
        }
    }

    static Map<String, Object> view(EstimatedFinding finding) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("anchor", finding.finding().anchor());
        view.put("facts", finding.finding().facts());
        for (Claim claim : finding.finding().claims()) {
            view.put(
                    claim.name(),
                    ClaimView.of(finding.ratio(claim), finding.drifting().get(claim.name())));
        }
        return view;
    }

    /** The report's "Findings" part: every section's sentences and how their intervals are formed. */
    public String findings(List<String> sentences, NoiseFloor floor) throws IOException {
        Map<String, Object> context = new HashMap<>();
        context.put(
                "sentences",
                sentences.stream().filter(s -> !s.isBlank()).map(String::strip).toList());
        context.put("level", percent(FindingEstimator.LEVEL));
        context.put("floor", floor.known() ? floor : null);
        return render(template("findings.mustache"), context, "findings.mustache");
    }

    /** The rerun check of the findings: a summary line and a row per finding and claim. */
    public String check(FindingsCheck check) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (FindingsCheck.Row row : check.rows()) {
            for (Claim claim : row.first().finding().claims()) {
                Map<String, Object> r = new HashMap<>();
                r.put("finding", row.first().key());
                r.put("claim", claim.name());
                RerunPrediction.Ratio first = row.first().ratio(claim);
                r.put("first", Figures.times(first.value()) + " " + interval(first));
                RerunPrediction.Ratio rerun = row.rerun().get(claim.name());
                r.put("rerun", rerun == null ? Figures.NONE : Figures.times(rerun.value()));
                r.put(
                        "verdict",
                        row.claims()
                                .getOrDefault(claim.name(), FindingsCheck.Verdict.UNCHECKED)
                                .text());
                rows.add(r);
            }
        }
        Map<String, Object> context = new HashMap<>();
        context.put("rows", rows);
        context.put("findings", check.rows().size());
        context.put("checked", check.checked());
        context.put("upheld", check.count(FindingsCheck.Verdict.UPHELD));
        context.put("moved", check.count(FindingsCheck.Verdict.MOVED));
        context.put("reversed", check.count(FindingsCheck.Verdict.REVERSED));
        context.put("goal", percent(FindingsCheck.GOAL));
        context.put("met", check.goalMet());
        return render(template("findings-check.mustache"), context, "findings-check.mustache");
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }

    private static Template template(String name) throws IOException {
        InputStream in = FindingsRenderer.class.getResourceAsStream(name);
        if (in == null) {
            throw new IOException("the plugin's template " + name + " is missing from its jar");
        }
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return MUSTACHE.compile(reader);
        }
    }

    private static String render(Template template, Object context, String name) throws IOException {
        try {
            return template.execute(context);
        } catch (MustacheException e) {
            throw new IOException("Cannot fill the template " + name + ": " + e.getMessage(), e);
        }
    }
}
