package dev.iolab.bench.report;

import dev.iolab.jmh.analysis.report.ProjectSections;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import dev.iolab.reporting.section.ReportException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** The bench module's report as {@code jmh:report} writes it: this classpath's sections and frame, the real engine. */
public final class BenchReports {

    /** The published figures, from the bench module's directory (the tests' working directory). */
    public static final Path PUBLISHED = Path.of("published");

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T05:00:00Z"), ZoneOffset.UTC);

    private BenchReports() {}

    /** The report engine with this module's sections, as of {@link #CLOCK}. */
    public static ReportGenerator generator() throws ReportException {
        return generator(PUBLISHED, CLOCK);
    }

    public static ReportGenerator generator(Path published, Clock clock) throws ReportException {
        return new ReportGenerator(
                ProjectSections.load(BenchReports.class.getClassLoader()), published, "./mvnw -pl bench", clock);
    }

    /** A JMH result file of {@code src/test/resources/jmh}, copied into {@code dir}. */
    public static Path fixture(Path dir, String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = BenchReports.class.getResourceAsStream("/jmh/" + name)) {
            if (in == null) {
                throw new IOException("no test fixture /jmh/" + name);
            }
            Files.copy(in, file);
        }
        return file;
    }
}
