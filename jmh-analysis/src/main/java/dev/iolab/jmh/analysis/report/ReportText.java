package dev.iolab.jmh.analysis.report;

import com.samskivert.mustache.Template;
import dev.iolab.reporting.markdown.Templates;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Words the report's frame: fills the templates beside this class ({@code head}, {@code section},
 * {@code other-benchmarks}, {@code footer}, {@code appendix} and the environment table's {@code execution-order} and
 * {@code machine-unknown} cells) with the records of {@link FrameModel}. Every sentence of the frame lives in those
 * templates; the figures arrive formatted.
 */
final class ReportText {

    private static final Templates TEMPLATES = Templates.beside(ReportText.class);
    private static final Map<String, Template> COMPILED = new ConcurrentHashMap<>();

    private ReportText() {}

    /** The template {@code <name>.mustache} filled with {@code model}. */
    static String render(String name, Object model) {
        return COMPILED.computeIfAbsent(name, TEMPLATES::compile).execute(model);
    }
}
