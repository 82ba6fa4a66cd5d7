package dev.iolab.loadtest.scale;

import dev.iolab.loadtest.OnOffConverter;
import dev.iolab.loadtest.OptionRanges;
import dev.iolab.loadtest.ServiceOptions;
import dev.iolab.stack.ClientAddresses;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The scale study's command line ({@code scripts/scale-study.sh --help}), parsed by picocli. */
@Command(
        name = "scripts/scale-study.sh",
        sortOptions = false,
        showDefaultValues = true,
        usageHelpAutoWidth = true,
        description = {
            "Replicas of the upload-service jar behind HAProxy, each at -Xmx512m, storing into one in-memory Azurite: a "
                    + "burst of simultaneous uploads from as many distinct client addresses, every stored blob checked "
                    + "byte for byte (MD5) and no partial or staging blob left; then the same burst with one replica "
                    + "killed (SIGKILL) mid-burst: what failed, how fast HAProxy took it out, whether new uploads and "
                    + "completions of its valet-key grants succeed on the others. Writes docs/results/scale-study.md.",
            ""
        },
        footer = {
            "",
            "A small run (a few minutes): --clients 20 --size-mb 1 --service-arg=--upload.executor.max-size=2 "
                    + "--service-arg=--upload.executor.core-size=2 --service-arg=--upload.executor.queue-capacity=3 "
                    + "--output load-test/target/scale-study.md",
            "Needs Debian's haproxy."
        })
final class ScaleOptions {

    @Mixin
    ServiceOptions service;

    @Option(names = "--replicas", paramLabel = "N", defaultValue = "2", description = "service jars behind HAProxy")
    int replicas;

    @Option(
            names = "--clients",
            paramLabel = "N",
            defaultValue = "400",
            description = "simultaneous uploads per burst, each from its own loopback address")
    int clients;

    @Option(names = "--size-mb", paramLabel = "MB", defaultValue = "10", description = "size of each upload in MiB")
    int sizeMb;

    @Option(
            names = "--strategy",
            paramLabel = "ID",
            description = "the upload strategy (default: the service's own default, from /actuator/info)")
    String strategy;

    @Option(
            names = "--kill",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "the second burst, with replica 1 killed (SIGKILL) while it runs uploads")
    boolean kill;

    @Option(
            names = "--grants",
            paramLabel = "N",
            defaultValue = "10",
            description = "valet-key grants made on replica 1 and uploaded to storage before it is killed, completed "
                    + "through HAProxy after")
    int grants;

    @Option(
            names = "--after-kill",
            paramLabel = "N",
            defaultValue = "20",
            description = "new uploads sent through HAProxy once it has taken the killed replica out")
    int afterKill;

    @Option(
            names = "--timeout",
            paramLabel = "S",
            defaultValue = "900",
            description = "seconds a burst may take before its uploads are abandoned")
    int timeoutSeconds;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            defaultValue = "docs/results/scale-study.md",
            description = "the report")
    Path output;

    static CommandLine commandLine() {
        return new CommandLine(new ScaleOptions());
    }

    /** Parses and checks {@code args}; {@link CommandLine.ParameterException} names the option that is wrong. */
    static ScaleOptions parse(String... args) {
        CommandLine commandLine = commandLine();
        commandLine.parseArgs(args);
        ScaleOptions options = commandLine.getCommand();
        options.validate(commandLine);
        return options;
    }

    private void validate(CommandLine commandLine) {
        OptionRanges.check(commandLine, "--replicas", replicas, 2, 8);
        OptionRanges.check(commandLine, "--clients", clients, 1, 60_000);
        OptionRanges.check(commandLine, "--size-mb", sizeMb, 1, 2047);
        OptionRanges.check(commandLine, "--grants", grants, 0, 1000);
        OptionRanges.check(commandLine, "--after-kill", afterKill, 0, 1000);
        OptionRanges.check(commandLine, "--timeout", timeoutSeconds, 10, 86_400);
        service.validate(commandLine);
        if (clients + afterKill > ClientAddresses.MAX) {
            throw new CommandLine.ParameterException(
                    commandLine,
                    "--clients + --after-kill must fit in " + ClientAddresses.MAX + " distinct loopback addresses");
        }
    }
}
