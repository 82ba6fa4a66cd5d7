package dev.iolab.jmh.analysis.report;

import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportFrame;
import dev.iolab.reporting.section.ReportSection;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * What the benchmarks' project adds to the generic report: its {@link ReportSection}s, in the order its services
 * file lists them, and its {@link ReportFrame} (at most one), found with {@link ServiceLoader} on the project's
 * classpath. A project without either gets the generic report: a table of every benchmark, a generic title.
 *
 * @param sections the project's sections in report order
 * @param frame    the project's frame, or the generic one
 */
public record ProjectSections(List<ReportSection> sections, ReportFrame frame) {

    /** The frame of a project without one: a generic title, no notes, every timed entry a measurement. */
    static final ReportFrame GENERIC = () -> "JMH benchmark report";

    public ProjectSections {
        sections = List.copyOf(sections);
    }

    /** No sections, the generic frame: the report of a project that adds nothing. */
    public static ProjectSections none() {
        return new ProjectSections(List.of(), GENERIC);
    }

    /**
     * The sections and frame on {@code classLoader}'s classpath.
     *
     * @throws ReportException if a listed implementation cannot be loaded or made, or two frames are listed
     */
    public static ProjectSections load(ClassLoader classLoader) throws ReportException {
        try {
            List<ReportSection> sections = new ArrayList<>();
            ServiceLoader.load(ReportSection.class, classLoader).forEach(sections::add);
            List<ReportFrame> frames = new ArrayList<>();
            ServiceLoader.load(ReportFrame.class, classLoader).forEach(frames::add);
            if (frames.size() > 1) {
                throw new ReportException("The classpath lists " + frames.size() + " report frames ("
                        + frames.stream().map(f -> f.getClass().getName()).collect(Collectors.joining(", "))
                        + ") in META-INF/services/" + ReportFrame.class.getName() + "; a report has one frame");
            }
            return new ProjectSections(sections, frames.isEmpty() ? GENERIC : frames.get(0));
        } catch (ServiceConfigurationError e) {
            throw new ReportException("Cannot load the project's report sections: " + e.getMessage(), e);
        }
    }
}
