package dev.iolab.loadtest.study;

import dev.iolab.loadtest.OnOffConverter;
import dev.iolab.loadtest.OptionRanges;
import dev.iolab.loadtest.ServiceOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The study's command line ({@code scripts/upload-study.sh --help}), parsed by picocli: help with every default shown,
 * values checked before anything starts, a message naming the option when one is wrong.
 */
@Command(
        name = "scripts/upload-study.sh",
        sortOptions = false,
        showDefaultValues = true,
        usageHelpAutoWidth = true,
        description = {
            "The upload study: every strategy x size x simultaneous users x memory budget against the upload-service "
                    + "jar (-Xmx512m) storing into a fresh in-memory Azurite, each beside three ceilings measured in "
                    + "the same run with the same files: direct (the Azure SDK alone), storage (the same clients PUT "
                    + "straight to Azurite with a SAS) and nginx (the same clients through nginx in front of Azurite); "
                    + "CPU seconds per process; the valet-key row. Writes docs/results/upload-study.md.",
            ""
        },
        footer = {
            "",
            "One small cell (about a minute): --strategies on-demand --sizes 1 --users 10 --budget on --valet-key off",
            "The nginx row needs Debian's nginx-light (or --nginx off)."
        })
final class StudyOptions {

    @Mixin
    private ServiceOptions service;

    @Option(
            names = "--strategies",
            split = ",",
            paramLabel = "LIST",
            hideParamSyntax = true,
            description = "strategy IDs (default: every strategy the service lists at /actuator/info)")
    private List<String> strategies;

    @Option(
            names = "--sizes",
            split = ",",
            paramLabel = "LIST",
            hideParamSyntax = true,
            defaultValue = "1,10",
            description = "file sizes in MiB")
    private List<Integer> sizesMb;

    @Option(
            names = "--users",
            split = ",",
            paramLabel = "LIST",
            hideParamSyntax = true,
            defaultValue = "125,200",
            description = "simultaneous uploads per cell, each from its own client address")
    private List<Integer> users;

    @Option(
            names = "--budget",
            split = ",",
            paramLabel = "LIST",
            hideParamSyntax = true,
            arity = "1",
            defaultValue = "on,off",
            converter = OnOffConverter.class,
            description = "memory budget passes: on, off or on,off (the off pass shows what the budget prevents)")
    private List<Boolean> budgets;

    @Option(
            names = "--off-sizes",
            split = ",",
            paramLabel = "LIST",
            hideParamSyntax = true,
            description = "sizes of the budget-off pass (default: as --sizes)")
    private List<Integer> offSizesMb;

    @Option(
            names = "--off-users",
            split = ",",
            paramLabel = "LIST",
            hideParamSyntax = true,
            description = "users of the budget-off pass (default: as --users)")
    private List<Integer> offUsers;

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            defaultValue = "raw",
            description = "raw (PUT body) or multipart (POST form)")
    private String mode;

    @Option(
            names = "--direct",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "the direct row: the Azure SDK alone on the same files and Azurite")
    private boolean direct;

    @Option(
            names = "--storage",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "the storage row: the same clients PUT the same files straight to Azurite with a SAS")
    private boolean storage;

    @Option(
            names = "--nginx",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "the nginx row: the same clients PUT the same files through nginx in front of Azurite")
    private boolean nginx;

    @Option(
            names = "--valet-key",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "the valet-key row: grant, PUT to storage, complete (skipped with a message when the "
                    + "service has no grant endpoint)")
    private boolean valetKey;

    @Option(
            names = "--soak",
            description = "soak mode: --soak-uploads uploads with mixed strategies, then the heap after GC")
    private boolean soak;

    @Option(names = "--soak-uploads", paramLabel = "N", defaultValue = "10000", description = "uploads in all")
    private int soakUploads;

    @Option(
            names = "--soak-users",
            paramLabel = "N",
            defaultValue = "50",
            description = "concurrent users, the bound on concurrency")
    private int soakUsers;

    @Option(
            names = "--soak-size-kb",
            paramLabel = "N",
            defaultValue = "256",
            description = "size of each soak upload in KiB")
    private int soakSizeKb;

    @Option(
            names = "--warm-up",
            paramLabel = "N",
            defaultValue = "3",
            description = "untimed bursts each ceiling and cell sends first, with --warm-up-size files (the same "
                    + "users and requests, other blob names), so the timed burst meets a service, Azurite and client that have "
                    + "compiled what it runs, as a long-running service has; 0: the timed burst pays the JIT too")
    private int warmUpBursts;

    @Option(
            names = "--warm-up-size",
            paramLabel = "MB",
            defaultValue = "1",
            description = "file size of the service's warm-up bursts in MB (at most the cell's own; the ceilings "
                    + "warm up with 1 MiB): 1 runs the same code in a tenth of the bytes at 10 MB; the cell's size "
                    + "warms the service as long-running traffic does (its CPU per burst kept falling over four "
                    + "full-size bursts)")
    private int warmUpMb;

    @Option(
            names = "--heap-probes",
            paramLabel = "N",
            defaultValue = "3",
            description = "forced full GCs per cell that measure the live heap while uploads are in flight; each "
                    + "pauses the service, and its work counts as the service's CPU. 0: no live heap figures, and a "
                    + "cell's time and CPU carry no forced GC (for comparing the service with nginx)")
    private int heapProbes;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "1",
            description = "timed bursts per cell. With 2 or more, each is paired with a burst of the cell's ceiling "
                    + "right before or after it (through nginx for a strategy, straight to storage for valet-key; "
                    + "each burst on a restarted, warmed Azurite of its own), and the report adds the median of the "
                    + "pairs' ratios: one burst's time moves 10-20 %% between runs on a shared machine, a pair's "
                    + "ratio less")
    private int rounds;

    @Option(
            names = "--cell-timeout",
            paramLabel = "S",
            defaultValue = "900",
            description = "seconds one Gatling run may take before it is killed")
    private int cellTimeoutSeconds;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "the report (default docs/results/upload-study.md, docs/results/upload-study-soak.md with "
                    + "--soak); charts and CSV go beside it")
    private Path output;

    /** Parses and checks {@code args}; {@link CommandLine.ParameterException} names the option that is wrong. */
    static StudyOptions parse(String... args) {
        CommandLine commandLine = commandLine();
        commandLine.parseArgs(args);
        StudyOptions options = commandLine.getCommand();
        options.validate(commandLine);
        return options;
    }

    /** A command line for these options (its usage help is the script's {@code --help}). */
    static CommandLine commandLine() {
        return new CommandLine(new StudyOptions()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    private void validate(CommandLine commandLine) {
        OptionRanges.check(commandLine, "--sizes", sizesMb, 1, 2047);
        OptionRanges.check(commandLine, "--users", users, 1, 100_000);
        OptionRanges.check(commandLine, "--off-sizes", offSizesMb, 1, 2047);
        OptionRanges.check(commandLine, "--off-users", offUsers, 1, 100_000);
        OptionRanges.check(commandLine, "--soak-uploads", soakUploads, 1, 10_000_000);
        OptionRanges.check(commandLine, "--soak-users", soakUsers, 1, 10_000);
        OptionRanges.check(commandLine, "--soak-size-kb", soakSizeKb, 1, 2047 * 1024);
        OptionRanges.check(commandLine, "--cell-timeout", cellTimeoutSeconds, 1, 86_400);
        OptionRanges.check(commandLine, "--warm-up", warmUpBursts, 0, 20);
        OptionRanges.check(commandLine, "--heap-probes", heapProbes, 0, 20);
        OptionRanges.check(commandLine, "--rounds", rounds, 1, 20);
        OptionRanges.check(commandLine, "--warm-up-size", warmUpMb, 1, 2047);
        if (!mode.equals("raw") && !mode.equals("multipart")) {
            throw new CommandLine.ParameterException(commandLine, "--mode takes raw or multipart, got '" + mode + "'");
        }
        service.validate(commandLine);
        if (strategies != null && strategies.stream().anyMatch(String::isBlank)) {
            throw new CommandLine.ParameterException(commandLine, "--strategies has an empty strategy ID");
        }
        if (soak && soakUploads < soakUsers) {
            throw new CommandLine.ParameterException(
                    commandLine,
                    "--soak-uploads (" + soakUploads + ") must be at least --soak-users (" + soakUsers + ")");
        }
    }

    /** Strategy IDs to run; empty: every strategy the service lists at {@code /actuator/info}. */
    List<String> strategies() {
        return strategies == null ? List.of() : List.copyOf(strategies);
    }

    /** File sizes of the budget-on pass, MiB. */
    List<Integer> sizesMb() {
        return List.copyOf(sizesMb);
    }

    /** Simultaneous uploads per cell, budget-on pass. */
    List<Integer> users() {
        return List.copyOf(users);
    }

    /** Passes to run: {@code true} memory budget on, {@code false} off. */
    List<Boolean> budgets() {
        return List.copyOf(budgets);
    }

    /** Sizes of the pass with the budget on ({@code true}) or off. */
    List<Integer> sizesOf(boolean budget) {
        return budget || offSizesMb == null ? sizesMb() : List.copyOf(offSizesMb);
    }

    /** Users of the pass with the budget on ({@code true}) or off. */
    List<Integer> usersOf(boolean budget) {
        return budget || offUsers == null ? users() : List.copyOf(offUsers);
    }

    /** {@code raw} or {@code multipart}. */
    String mode() {
        return mode;
    }

    /** How the service jar is run: its heap and extra arguments. */
    ServiceOptions service() {
        return service;
    }

    /** The report to write (charts and CSV beside it). */
    Path output() {
        return output != null
                ? output
                : Path.of(soak ? "docs/results/upload-study-soak.md" : "docs/results/upload-study.md");
    }

    boolean direct() {
        return direct;
    }

    boolean storage() {
        return storage;
    }

    boolean nginx() {
        return nginx;
    }

    boolean valetKey() {
        return valetKey;
    }

    boolean soak() {
        return soak;
    }

    int soakUploads() {
        return soakUploads;
    }

    int soakUsers() {
        return soakUsers;
    }

    int soakSizeKb() {
        return soakSizeKb;
    }

    /** Untimed bursts each ceiling and cell sends first (1 MiB files); 0 for none. */
    int warmUpBursts() {
        return warmUpBursts;
    }

    /** File size of the warm-up bursts, MB (a cell's own size when that is smaller). */
    int warmUpMb() {
        return warmUpMb;
    }

    /** Forced full GCs per cell (live heap probes); 0 for none. */
    int heapProbes() {
        return heapProbes;
    }

    /** Timed bursts per cell, each paired with its ceiling's when 2 or more. */
    int rounds() {
        return rounds;
    }

    /** How long one Gatling run may take before it is killed. */
    int cellTimeoutSeconds() {
        return cellTimeoutSeconds;
    }

    /** Every (size, users) load of the passes to run, in order, without repeats. */
    List<List<Integer>> loads() {
        List<List<Integer>> loads = new ArrayList<>();
        for (boolean budget : budgets()) {
            for (int size : sizesOf(budget)) {
                for (int u : usersOf(budget)) {
                    if (!loads.contains(List.of(size, u))) {
                        loads.add(List.of(size, u));
                    }
                }
            }
        }
        return loads;
    }
}
