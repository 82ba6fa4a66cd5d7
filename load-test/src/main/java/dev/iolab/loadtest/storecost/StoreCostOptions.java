package dev.iolab.loadtest.storecost;

import dev.iolab.loadtest.OptionRanges;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The command line of {@code scripts/store-costs.sh} ({@code --help}), parsed by picocli. */
@Command(
        name = "scripts/store-costs.sh",
        sortOptions = false,
        showDefaultValues = true,
        usageHelpAutoWidth = true,
        description = {
            "What each request of an upload and of a valet-key completion costs the blob store: in each pass a fresh "
                    + "in-memory Azurite takes --blobs Put Blobs of --size-mb, then, for each staged blob, every "
                    + "request a completion sends (properties, block list, claim marker, server-side copy, marker "
                    + "update, delete), each type for all blobs from --threads threads. Azurite's CPU per request is "
                    + "read from /proc before and after each type, and set beside the Put Blob's of the same pass. "
                    + "Writes the report to --output.",
            ""
        },
        footer = {"", "A quick look (under a minute): --blobs 20 --size-mb 1 --output load-test/target/store-costs.md"})
final class StoreCostOptions {

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "this help")
    boolean help;

    @Option(names = "--blobs", paramLabel = "N", defaultValue = "125", description = "blobs per pass")
    int blobs;

    @Option(names = "--size-mb", paramLabel = "MB", defaultValue = "10", description = "size of each blob in MiB")
    int sizeMb;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "8",
            description = "requests in flight at once (the service's store client keeps up to 16)")
    int threads;

    @Option(
            names = "--passes",
            paramLabel = "N",
            defaultValue = "3",
            description = "passes, each on a fresh Azurite warmed by the same requests on 64 KiB blobs; the report"
                    + " gives the median over them")
    int passes;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            defaultValue = "docs/results/store-costs.md",
            description = "the report")
    Path output;

    static CommandLine commandLine() {
        return new CommandLine(new StoreCostOptions());
    }

    /** Parses and checks {@code args}; {@link CommandLine.ParameterException} names the option that is wrong. */
    static StoreCostOptions parse(String... args) {
        CommandLine commandLine = commandLine();
        commandLine.parseArgs(args);
        StoreCostOptions options = commandLine.getCommand();
        OptionRanges.check(commandLine, "--blobs", options.blobs, 1, 10_000);
        OptionRanges.check(commandLine, "--size-mb", options.sizeMb, 1, 256);
        OptionRanges.check(commandLine, "--threads", options.threads, 1, 256);
        OptionRanges.check(commandLine, "--passes", options.passes, 1, 10);
        return options;
    }
}
