package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * picocli renders every help text through {@link String#format}: a bare {@code %} (as in "10-20 % between") is a
 * conversion to it, and {@code --help} then prints a {@code [picocli WARN]} line on standard error for each such text
 * and shows it unformatted. Percent signs in help texts must be written {@code %%}.
 */
public final class HelpTexts {

    private HelpTexts() {}

    /** Renders the command's usage help and fails on any warning picocli wrote to standard error meanwhile. */
    public static synchronized void assertRendersWithoutWarnings(CommandLine commandLine) {
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        PrintStream err = System.err;
        String help;
        // picocli's tracer writes to whatever System.err is when it warns.
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            help = commandLine.getUsageMessage(CommandLine.Help.Ansi.OFF);
        } finally {
            System.setErr(err);
        }
        assertThat(help).contains("--help");
        assertThat(warnings.toString(StandardCharsets.UTF_8))
                .as("picocli's warnings")
                .isEmpty();
    }
}
