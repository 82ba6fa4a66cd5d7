package dev.iolab.loadtest;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The command line every study report has for regenerating it from a run's data: {@code <data.json> <report.md>}.
 * A wrong number of arguments prints the usage and exits with 2.
 */
public final class ReportRegeneration {

    /** Writes the report at the second path from the data at the first. */
    @FunctionalInterface
    public interface Writer {
        void write(Path data, Path report) throws IOException;
    }

    private ReportRegeneration() {}

    /**
     * @param usage the command and its two arguments, e.g. {@code ScaleStudyReport <scale.json> <report.md>}
     */
    public static void run(String[] args, String usage, Writer writer) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: " + usage);
            System.exit(2);
        }
        writer.write(Path.of(args[0]), Path.of(args[1]));
        System.out.println("Report written to " + args[1]);
    }
}
