package dev.iolab.loadtest.tus;

import dev.iolab.loadtest.OnOffConverter;
import dev.iolab.loadtest.OptionRanges;
import dev.iolab.loadtest.ServiceOptions;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The tus study's command line ({@code scripts/tus-study.sh --help}), parsed by picocli. */
@Command(
        name = "scripts/tus-study.sh",
        sortOptions = false,
        showDefaultValues = true,
        usageHelpAutoWidth = true,
        description = {
            "The upload-service's tus endpoint (/files/) beside tusd v2, the reference tus server, with its Azure store "
                    + "against the same in-memory Azurite, the same client (tus-java-client or tus-js-client) and the "
                    + "same chunk size: a burst of simultaneous resumable uploads, one large upload cut three times "
                    + "mid-request and resumed, and two processes of each behind HAProxy (one killed after the first "
                    + "half; two concurrent PATCHes to one upload on different processes). Servers alternate (iolab, "
                    + "tusd, iolab, tusd ...), each timed part on a fresh Azurite. Builds tusd with go install first.",
            ""
        },
        footer = {
            "",
            "A small run (about a minute): --uploads 3 --size-mb 1 --big-mb 24 --reps 1 "
                    + "--output load-test/target/tus-study.md",
            "Needs go (to build tusd) and Debian's haproxy; --client js needs node and npm."
        })
final class TusOptions {

    @Mixin
    ServiceOptions service;

    @Option(names = "--uploads", paramLabel = "N", defaultValue = "125", description = "simultaneous uploads")
    int uploads;

    @Option(names = "--size-mb", paramLabel = "MiB", defaultValue = "10", description = "size of each of them")
    int sizeMb;

    @Option(
            names = "--big-mb",
            paramLabel = "MiB",
            defaultValue = "1024",
            description = "size of the upload that is cut; 0 leaves that part out")
    int bigMb;

    @Option(
            names = "--cuts",
            paramLabel = "N",
            defaultValue = "3",
            description = "connection cuts in the large upload, evenly spread, each half a chunk past a quarter")
    int cuts;

    @Option(
            names = "--chunk-mib",
            paramLabel = "MiB",
            defaultValue = "8",
            description = "the client's PATCH size and the service's block size")
    int chunkMib;

    @Option(
            names = "--reps",
            paramLabel = "N",
            defaultValue = "2",
            description = "repetitions; each repetition runs iolab, then tusd")
    int reps;

    @Option(
            names = "--warm-up",
            paramLabel = "N",
            defaultValue = "256",
            description = "untimed uploads of --warm-up-kib each fresh server gets, all at once, before its timed part "
                    + "(the burst, the cut upload): enough that a JVM has compiled its request paths, as a service "
                    + "that has been up a while has")
    int warmUp;

    @Option(
            names = "--warm-up-kib",
            paramLabel = "KiB",
            defaultValue = "64",
            description = "size of each warm-up upload: small, so that the warm-up runs every request path (creation, "
                    + "PATCH, completion) without filling the timed part's Azurite, which slows as it fills")
    int warmUpKib;

    @Option(
            names = "--balancer",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "the part behind HAProxy: a kill and resume, and two concurrent PATCHes")
    boolean balancer;

    @Option(
            names = "--front",
            paramLabel = "on|off",
            arity = "1",
            defaultValue = "on",
            converter = OnOffConverter.class,
            description = "also the service behind its nginx front (ops/nginx/tus-front.conf; needs nginx-light and "
                    + "libnginx-mod-http-lua), which stages whole-block PATCHes without the JVM")
    boolean front;

    /** The tus client of the timed parts: {@code java} or {@code js}. */
    enum Client {
        java,
        js
    }

    @Option(
            names = "--client",
            paramLabel = "java|js",
            defaultValue = "java",
            description = "the client of the timed parts (the warm-up, the burst, the cut upload), the same for every "
                    + "server: java, tus-java-client in this JVM, which sends each PATCH body in chunks (a server "
                    + "that needs its length reads it whole first); js, tus-js-client under node, as browsers and "
                    + "Uppy send, each PATCH with its Content-Length. The part behind HAProxy uses tus-java-client")
    Client client;

    @Option(
            names = "--timeout",
            paramLabel = "S",
            defaultValue = "1200",
            description = "seconds one upload may take before it counts as failed")
    int timeoutSeconds;

    @Option(
            names = "--machine-note",
            paramLabel = "TEXT",
            description = "what the report should say about the machine beyond what it reads itself, e.g. what else "
                    + "ran on it")
    String machineNote;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            defaultValue = "docs/results/tus-study.md",
            description = "the report; its data (JSON) is written beside it with the extension .json")
    Path output;

    static CommandLine commandLine() {
        return new CommandLine(new TusOptions());
    }

    /** Parses and checks {@code args}; {@link CommandLine.ParameterException} names the option that is wrong. */
    static TusOptions parse(String... args) {
        CommandLine commandLine = commandLine();
        commandLine.parseArgs(args);
        TusOptions options = commandLine.getCommand();
        options.validate(commandLine);
        return options;
    }

    private void validate(CommandLine commandLine) {
        OptionRanges.check(commandLine, "--uploads", uploads, 1, 2000);
        OptionRanges.check(commandLine, "--size-mb", sizeMb, 1, 2047);
        OptionRanges.check(commandLine, "--big-mb", bigMb, 0, 8192);
        OptionRanges.check(commandLine, "--cuts", cuts, 0, 20);
        OptionRanges.check(commandLine, "--chunk-mib", chunkMib, 1, 100);
        OptionRanges.check(commandLine, "--reps", reps, 1, 20);
        OptionRanges.check(commandLine, "--warm-up", warmUp, 0, 1000);
        OptionRanges.check(commandLine, "--warm-up-kib", warmUpKib, 1, 1024 * 1024);
        OptionRanges.check(commandLine, "--timeout", timeoutSeconds, 10, 86_400);
        service.validate(commandLine);
    }

    long chunkBytes() {
        return chunkMib * 1024L * 1024;
    }

    /** The data file beside the report: {@code x.md} → {@code x.json}. */
    Path dataFile(Path report) {
        String name = report.getFileName().toString();
        String base = name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
        return report.resolveSibling(base + ".json");
    }
}
