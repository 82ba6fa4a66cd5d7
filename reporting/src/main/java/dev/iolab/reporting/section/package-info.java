/**
 * How a project adds its experiments to the JMH report of {@code jmh:report}: its
 * {@link dev.iolab.reporting.section.ReportSection}s and {@link dev.iolab.reporting.section.ReportFrame}, listed in
 * {@code META-INF/services}, write with what the report gives them ({@link dev.iolab.reporting.section.SectionContext}).
 */
package dev.iolab.reporting.section;
