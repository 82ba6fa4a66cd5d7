package dev.iolab.bench.walk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code dirsize PATH [--threads N] [--walker W] [--listing L]}: prints the total size in bytes of the regular files under PATH
 * (first line, {@code du -sb}'s format: bytes, tab, path) and the counts, so a walker can be timed as a whole process
 * beside {@code du -sb} or {@code find}. PATH itself may be a link; links under it are not followed.
 *
 * <p>Run with {@code bench/dirsize PATH …} (after {@code ./mvnw -pl bench compile}) or
 * {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/classes dev.iolab.bench.walk.DirSize PATH …}. Exit status: 0, 1 if some entries could
 * not be read (totals are still printed), 2 on bad usage.
 */
public final class DirSize {

    static final int DEFAULT_THREADS = 8;
    static final WalkerKind DEFAULT_WALKER = WalkerKind.FORK_JOIN;

    static final String USAGE = """
            Usage: dirsize PATH [--threads N] [--walker W] [--listing L]
              Sums the sizes of the regular files under PATH; symbolic links under PATH are not followed.
              --threads N  threads (1..%d, default %d); WALK_FILE_TREE ignores it, VIRTUAL_THREADS uses it as a
                           limit of directories listed at once
              --walker W   WALK_FILE_TREE, FIXED_POOL, FORK_JOIN, VIRTUAL_THREADS or NATIVE (default %s)
              --listing L  how FIXED_POOL, FORK_JOIN and VIRTUAL_THREADS read a directory: RELATIVE (the JDK's
                           SecureDirectoryStream, lstat relative to the open directory; default), FULL_PATH (the JDK,
                           lstat by full path) or FFM (libc getdents64 and fstatat through FFM)
            """.formatted(WalkerKind.MAX_THREADS, DirSize.DEFAULT_THREADS, DirSize.DEFAULT_WALKER);

    private DirSize() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
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
                        out.print(USAGE);
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
            err.print(USAGE);
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
        long start = System.nanoTime();
        WalkResult result = walker.walker(threads, listing).walk(root);
        double seconds = (System.nanoTime() - start) / 1e9;
        out.println(result.bytes() + "\t" + path);
        out.printf(
                Locale.ROOT,
                "files %d, directories %d, errors %d; walker %s, %d threads, %.3f s%n",
                result.files(),
                result.directories(),
                result.errors(),
                walker,
                threads,
                seconds);
        for (String error : result.errorSamples()) {
            err.println("dirsize: " + error);
        }
        if (result.errors() > result.errorSamples().size()) {
            err.println(
                    "dirsize: … and " + (result.errors() - result.errorSamples().size()) + " more errors");
        }
        return result.errors() == 0 ? 0 : 1;
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
