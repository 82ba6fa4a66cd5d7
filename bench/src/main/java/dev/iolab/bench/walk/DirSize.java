package dev.iolab.bench.walk;

import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code dirsize PATH [--threads N] [--walker W] [--listing L]}: prints the total size in bytes of the regular files
 * under PATH (first line, {@code du -sb}'s format: bytes, tab, path) and the counts, so a walker can be timed as a
 * whole process beside {@code du -sb} or {@code diskus}. PATH itself may be a link; links under it are not followed.
 *
 * <p>The seconds it prints are the walk's, timed in-process: from the walk's start (walker created, and libc bound
 * through FFM if the walker uses it) to its totals. JVM start-up and exit are outside that figure and inside a
 * whole-process timing ({@code time}, {@code hyperfine}).
 *
 * <p>Run with {@code bench/dirsize PATH …} (after {@code ./mvnw -pl bench compile}; the script runs from a JDK AOT
 * cache) or {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/classes dev.iolab.bench.walk.DirSize PATH
 * …}. Exit status: 0, 1 if some entries could not be read (totals are still printed), 2 on bad usage or a walker this
 * platform cannot run.
 */
public final class DirSize {

    static final int DEFAULT_THREADS = 8;
    static final WalkerKind DEFAULT_WALKER = WalkerKind.FORK_JOIN;

    /** Formatted only when printed: {@code formatted} loads {@link java.util.Formatter}, costly at start-up. */
    static String usage() {
        return """
            Usage: dirsize PATH [--threads N] [--walker W] [--listing L]
              Sums the sizes of the regular files under PATH; symbolic links under PATH are not followed.
              --threads N  threads (1..%d, default %d); WALK_FILE_TREE ignores it, VIRTUAL_THREADS uses it as a
                           limit of directories listed at once
              --walker W   WALK_FILE_TREE, FIXED_POOL, FORK_JOIN, VIRTUAL_THREADS or NATIVE (default %s)
              --listing L  how FIXED_POOL, FORK_JOIN and VIRTUAL_THREADS read a directory: RELATIVE (the JDK's
                           SecureDirectoryStream, lstat relative to the open directory; default), FULL_PATH (the JDK,
                           lstat by full path) or FFM (libc getdents64 and fstatat through FFM)
            """.formatted(WalkerKind.MAX_THREADS, DirSize.DEFAULT_THREADS, DirSize.DEFAULT_WALKER);
    }

    private DirSize() {}

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        // System.exit logs through System.Logger, whose start-up is measurable in a short run: only call it when the
        // status is not 0 (the walkers' threads are gone by now, so returning ends the JVM).
        if (status != 0) {
            System.exit(status);
        }
    }

    /** The whole command; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Path path = null;
        int threads = DEFAULT_THREADS;
        WalkerKind walker = DEFAULT_WALKER;
        Listing listing = Listing.RELATIVE;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "-h", "--help" -> {
                        out.print(usage());
                        return 0;
                    }
                    case "--threads" -> threads = parseThreads(value(args, ++i, "--threads"));
                    case "--walker" -> walker = parseWalker(value(args, ++i, "--walker"));
                    case "--listing" -> listing = parseListing(value(args, ++i, "--listing"));
                    default -> {
                        if (args[i].startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + args[i]);
                        }
                        if (path != null) {
                            throw new IllegalArgumentException("only one PATH, got " + path + " and " + args[i]);
                        }
                        path = Path.of(args[i]);
                    }
                }
            }
            if (path == null) {
                throw new IllegalArgumentException("PATH is missing");
            }
        } catch (IllegalArgumentException e) {
            err.println("dirsize: " + e.getMessage());
            err.print(usage());
            return 2;
        }
        Path root;
        try {
            root = path.toRealPath();
        } catch (IOException e) {
            err.println(
                    "dirsize: cannot access " + path + ": " + (Files.exists(path) ? e : "no such file or directory"));
            return 2;
        }
        DirectoryWalker directoryWalker = walker.walker(threads, listing);
        if (walker.callsLibc(listing)) {
            // Binds libc before the clock starts, as a native program's loader does before main, and refuses a
            // platform the native calls do not support with a clear message rather than a failed walk.
            try {
                Libc.ensureAvailable();
            } catch (IOException e) {
                String what = walker == WalkerKind.NATIVE ? "the NATIVE walker" : "listing " + listing;
                err.println("dirsize: " + what + " cannot run here: " + e.getMessage());
                return 2;
            }
        }
        long start = System.nanoTime();
        WalkResult result = directoryWalker.walk(root);
        long nanos = System.nanoTime() - start;
        out.println(result.bytes() + "\t" + path);
        out.println("files " + result.files() + ", directories " + result.directories() + ", errors " + result.errors()
                + "; walker " + walker + ", " + threads + " threads, " + seconds(nanos) + " s");
        for (String error : result.errorSamples()) {
            err.println("dirsize: " + error);
        }
        if (result.errors() > result.errorSamples().size()) {
            err.println(
                    "dirsize: … and " + (result.errors() - result.errorSamples().size()) + " more errors");
        }
        return result.errors() == 0 ? 0 : 1;
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

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index];
    }

    private static int parseThreads(String text) {
        try {
            int threads = Integer.parseInt(text);
            if (threads >= 1 && threads <= WalkerKind.MAX_THREADS) {
                return threads;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--threads must be a number in 1.." + WalkerKind.MAX_THREADS + ": " + text);
    }

    private static WalkerKind parseWalker(String text) {
        try {
            return WalkerKind.valueOf(text.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "unknown walker " + text + " (WALK_FILE_TREE, FIXED_POOL, FORK_JOIN, VIRTUAL_THREADS, NATIVE)");
        }
    }

    private static Listing parseListing(String text) {
        try {
            return Listing.valueOf(text.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown listing " + text + " (RELATIVE, FULL_PATH, FFM)");
        }
    }
}
