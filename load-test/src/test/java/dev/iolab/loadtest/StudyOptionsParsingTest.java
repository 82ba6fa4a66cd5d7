package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How every study's main answers its command line ({@link StudyRun#options}): help, a wrong value, a good one. */
class StudyOptionsParsingTest {

    @Command(name = "scripts/some-study.sh")
    static final class SomeOptions {

        @Mixin
        ServiceOptions service;

        @Option(names = "--clients", defaultValue = "10")
        int clients;

        @Option(names = "--kill", arity = "1", defaultValue = "on", converter = OnOffConverter.class)
        boolean kill;

        static SomeOptions parse(String... args) {
            CommandLine commandLine = new CommandLine(new SomeOptions());
            commandLine.parseArgs(args);
            SomeOptions options = commandLine.getCommand();
            OptionRanges.check(commandLine, "--clients", options.clients, 1, 100);
            options.service.validate(commandLine);
            return options;
        }
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<Integer> exits = new ArrayList<>();

    private Optional<SomeOptions> run(String... args) {
        return StudyRun.options(
                new CommandLine(new SomeOptions()),
                args,
                SomeOptions::parse,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                exits::add);
    }

    private String firstErrorLine() {
        return err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
    }

    @Test
    void aValueOutOfRangeEndsWithExitCode2AndOneLineNamingTheOption() {
        assertThat(run("--clients", "0")).isEmpty();

        assertThat(exits).containsExactly(2);
        assertThat(firstErrorLine()).isEqualTo("error: --clients takes 1 to 100, got 0");
        assertThat(err.toString(StandardCharsets.UTF_8))
                .as("the usage follows, no stack trace")
                .contains("Usage: scripts/some-study.sh")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(out.size()).isZero();
    }

    @Test
    void aValueOfTheWrongKindOrAnUnknownOptionIsNamedToo() {
        run("--clients", "many");
        assertThat(firstErrorLine()).startsWith("error: ").contains("--clients").contains("many");

        err.reset();
        run("--kill", "maybe");
        assertThat(firstErrorLine()).contains("--kill").contains("takes on or off, got 'maybe'");

        err.reset();
        run("--heap", "lots");
        assertThat(firstErrorLine()).isEqualTo("error: --heap takes a size like 512m or 1g, got 'lots'");

        err.reset();
        run("--frobnicate");
        assertThat(firstErrorLine()).contains("--frobnicate");

        assertThat(exits).containsExactly(2, 2, 2, 2);
    }

    @Test
    void helpIsPrintedAndNothingRuns() {
        assertThat(run("--help")).isEmpty();

        assertThat(exits).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--clients", "--heap", "--service-arg");
        assertThat(err.size()).isZero();
    }

    @Test
    void goodOptionsAreParsed() {
        Optional<SomeOptions> options = run("--clients", "20", "--kill", "off", "--heap", "1g");

        assertThat(exits).isEmpty();
        assertThat(options).hasValueSatisfying(o -> {
            assertThat(o.clients).isEqualTo(20);
            assertThat(o.kill).isFalse();
            assertThat(o.service.heap()).isEqualTo("1g");
        });
    }
}
