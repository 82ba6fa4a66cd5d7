package dev.iolab.bench.walk;

import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code dirsize PATH [options]}: prints the total size in bytes of the regular files under PATH (first line,
 * {@code du -sb}'s format: bytes, tab, path) and the counts, so that a walker can be timed as a whole process beside
 * {@code du -sb} or {@code diskus}; with {@code --compare N} it times those itself ({@link ToolComparison}). PATH
 * itself may be a link; links under it are not followed.
 *
 * <p>The seconds it prints are the walk's, timed in-process: from the walk's start (walker created, libc already
 * bound if the walker uses it) to its totals. JVM start-up and exit are outside that figure and inside a
 * whole-process timing.
 *
 * <p>Start-up is part of every run, so this class keeps it short: libc is bound on a second thread while picocli
 * parses the command line (each takes tens of milliseconds, and two cores do both at once), nothing formats through
 * {@link java.util.Formatter}, and {@link System#exit} is only called for a non-zero status.
 *
 * <p>Exit status: 0; 1 if some entries could not be read (totals are still printed); 2 on bad usage, a PATH that
 * cannot be accessed, or a walker this platform cannot run.
 */
public final class DirSize {

    /** The fastest walker here (docs/benchmarks/dirwalk.md), where this platform lets it call libc. */
    static final WalkerKind DEFAULT_WALKER = WalkerKind.NATIVE;

    /** The default where libc cannot be called (not Linux on x86_64 or aarch64): the JDK's API only. */
    static final WalkerKind PORTABLE_WALKER = WalkerKind.FORK_JOIN;

    static final Listing DEFAULT_LISTING = Listing.RELATIVE;

    private DirSize() {}

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        // System.exit logs through System.Logger, whose start-up is measurable in a short run: only call it when the
        // status is not 0 (the walkers' threads are gone by now, so returning ends the JVM).
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Threads by default: one per processor, the best count measured for the native walker. */
    static int defaultThreads() {
        return Math.min(Runtime.getRuntime().availableProcessors(), WalkerKind.MAX_THREADS);
    }

    /** The command line's model: options, their defaults and help. */
    static CommandLine commandLine() {
        CommandSpec spec = CommandLines.spec(
                "dirsize",
                "Sums the sizes of the regular files under PATH (symbolic links under it are not followed) and prints"
                        + " the bytes and PATH as du -sb does, then the counts and the walk's own seconds.");
        spec.addPositional(PositionalParamSpec.builder()
                .paramLabel("PATH")
                .type(String.class)
                .arity("1")
                .required(true)
                .description("The directory (or file) to sum; it may itself be a link.")
                .build());
        spec.addOption(OptionSpec.builder("--walker")
                .paramLabel("W")
                .type(WalkerKind.class)
                .converters(CommandLines.constants(WalkerKind.class, "walker"))
                .completionCandidates(CommandLines.candidates(WalkerKind.class))
                .defaultValue(DEFAULT_WALKER.name())
                .description("How the tree is walked: ${COMPLETION-CANDIDATES}. Where libc cannot be called (not"
                        + " Linux on x86_64 or aarch64) the default is " + PORTABLE_WALKER + ".")
                .build());
        spec.addOption(OptionSpec.builder("--threads")
                .paramLabel("N")
                .type(long.class)
                .converters(CommandLines.wholeNumber(1, WalkerKind.MAX_THREADS))
                .defaultValue(Integer.toString(defaultThreads()))
                .description("Threads, 1.." + WalkerKind.MAX_THREADS + "; by default one per processor. WALK_FILE_TREE"
                        + " ignores it; VIRTUAL_THREADS takes it as a limit of directories listed at once.")
                .build());
        spec.addOption(OptionSpec.builder("--listing")
                .paramLabel("L")
                .type(Listing.class)
                .converters(CommandLines.constants(Listing.class, "listing"))
                .completionCandidates(CommandLines.candidates(Listing.class))
                .defaultValue(DEFAULT_LISTING.name())
                .description("How FIXED_POOL, FORK_JOIN and VIRTUAL_THREADS read a directory: RELATIVE (the JDK's"
                        + " SecureDirectoryStream, each entry stat'ed relative to the open directory),"
                        + " FULL_PATH (the JDK, stat by full path) or FFM (getdents64 and fstatat through"
                        + " FFM). NATIVE and WALK_FILE_TREE ignore it.")
                .build());
        spec.addOption(OptionSpec.builder("--compare")
                .paramLabel("ROUNDS")
                .type(long.class)
                .converters(CommandLines.wholeNumber(0, 1000))
                .defaultValue("0")
                .description("After the walk, time this very command (without --compare) as whole processes, beside"
                        + " 'diskus -b PATH' and 'du -sb PATH' where they are on the PATH, ROUNDS times each,"
                        + " interleaved, after one warm-up round; prints each one's best and median and the"
                        + " ratios. 0: no comparison.")
                .build());
        return new CommandLine(spec);
    }

    /** The whole command; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Thread preparation = mayCallLibc(args) ? prepareNativeWalkInBackground() : null;
        CommandLine command = commandLine();
        int status = CommandLines.parse(command, args, out, err);
        if (status != CommandLines.RUN) {
            return status;
        }
        CommandSpec spec = command.getCommandSpec();
        String path = spec.positionalParameters().getFirst().getValue();
        WalkerKind walker = spec.findOption("--walker").getValue();
        int threads = ((Long) spec.findOption("--threads").getValue()).intValue();
        Listing listing = spec.findOption("--listing").getValue();
        int rounds = ((Long) spec.findOption("--compare").getValue()).intValue();

        Path root = realPath(path, err);
        if (root == null) {
            return CommandLines.USAGE;
        }
        // Whatever the walker, the preparation is over before the clock starts, so that no walk shares the CPU with it.
        awaitQuietly(preparation);
        boolean walkerGiven = command.getParseResult().hasMatchedOption("--walker");
        walker = defaultWalker(walker, walkerGiven, Libc.isAvailable());
        if (walker.callsLibc(listing) && !bindLibc(walker, listing, err)) {
            return CommandLines.USAGE;
        }
        DirectoryWalker directoryWalker = walker.walker(threads, listing);
        long start = System.nanoTime();
        WalkResult result = directoryWalker.walk(root);
        long nanos = System.nanoTime() - start;
        status = print(result, path, walker + ", " + threads + " threads, " + seconds(nanos) + " s", out, err);
        if (rounds > 0) {
            List<String> options = new ArrayList<>(List.of("--walker", walker.name(), "--threads", "" + threads));
            if (walker != WalkerKind.NATIVE && walker != WalkerKind.WALK_FILE_TREE) {
                options.addAll(List.of("--listing", listing.name()));
            }
            status = Math.max(
                    status,
                    ToolComparison.of(path, options, result.bytes(), rounds).run(out, err));
        }
        return status;
    }

    /** {@code path} with every link resolved, or null after saying on {@code err} why it cannot be walked. */
    private static Path realPath(String path, PrintStream err) {
        try {
            return Path.of(path).toRealPath();
        } catch (NoSuchFileException e) {
            err.println("dirsize: cannot access " + path + ": no such file or directory");
        } catch (IOException | InvalidPathException e) {
            err.println("dirsize: cannot access " + path + ": " + e);
        }
        return null;
    }

    /**
     * Binds libc before the clock starts, as a native program's loader does before main; false, after saying so on
     * {@code err}, on a platform the native calls do not support (a clear message rather than a failed walk).
     */
    private static boolean bindLibc(WalkerKind walker, Listing listing, PrintStream err) {
        try {
            Libc.ensureAvailable();
        } catch (IOException e) {
            String what = walker == WalkerKind.NATIVE ? "the NATIVE walker" : "listing " + listing;
            err.println("dirsize: " + what + " cannot run here: " + e.getMessage());
            return false;
        }
        NativeDirectories.prepare();
        return true;
    }

    /**
     * Prints the bytes and path as {@code du -sb} does, then the counts and {@code how} the walk ran; the errors go to
     * {@code err}, at most the walk's samples and a count of the rest.
     *
     * @return the exit status: 0, or 1 when the walk met errors
     */
    private static int print(WalkResult result, String path, String how, PrintStream out, PrintStream err) {
        out.println(result.bytes() + "\t" + path);
        out.println("files " + result.files() + ", directories " + result.directories() + ", errors " + result.errors()
                + "; walker " + how);
        for (String error : result.errorSamples()) {
            err.println("dirsize: " + error);
        }
        if (result.errors() > result.errorSamples().size()) {
            err.println(
                    "dirsize: … and " + (result.errors() - result.errorSamples().size()) + " more errors");
        }
        return result.errors() == 0 ? 0 : 1;
    }

    /** The walker to run: the one asked for, else the default, or the portable one where libc cannot be called. */
    static WalkerKind defaultWalker(WalkerKind parsed, boolean given, boolean libcAvailable) {
        return given || libcAvailable || !parsed.callsLibc(Listing.RELATIVE) ? parsed : PORTABLE_WALKER;
    }

    /**
     * Whether these arguments are likely to run a walker that calls libc (the default one does): a hint to start
     * binding libc before they are parsed, never a decision; a wrong guess costs time, not correctness.
     */
    static boolean mayCallLibc(String[] args) {
        boolean jdkWalker = false;
        boolean ffmListing = false;
        for (String arg : args) {
            String value = arg.substring(arg.indexOf('=') + 1).toUpperCase(Locale.ROOT);
            switch (value.replace('-', '_')) {
                case "_H", "__HELP" -> {
                    return false;
                }
                case "WALK_FILE_TREE", "FIXED_POOL", "FORK_JOIN", "VIRTUAL_THREADS" -> jdkWalker = true;
                case "FFM" -> ffmListing = true;
                default -> {
                    // not a walker or a listing
                }
            }
        }
        return !jdkWalker || ffmListing;
    }

    /** Starts {@link NativeDirectories#prepare()} on a daemon thread, where this platform can call libc. */
    private static Thread prepareNativeWalkInBackground() {
        Thread thread = new Thread(DirSize::prepareNativeWalk, "dirsize-bind-libc");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void prepareNativeWalk() {
        if (Libc.isAvailable()) {
            NativeDirectories.prepare();
        }
    }

    private static void awaitQuietly(Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * {@code nanos} as seconds with three decimals, rounded half up ({@code "%.3f"} without loading
     * {@link java.util.Formatter} and its locale data, which would add to every run's start-up).
     */
    static String seconds(long nanos) {
        long millis = (nanos + 500_000) / 1_000_000;
        String fraction = Long.toString(1000 + millis % 1000).substring(1);
        return millis / 1000 + "." + fraction;
    }
}
