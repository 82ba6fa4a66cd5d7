package dev.iolab.bench.walk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code gentree [DIR] [options]}: writes a deterministic tree for {@code dirsize} and {@link DirectoryWalkBenchmark}.
 * Without DIR the tree goes to (or is found in) the {@link TreeCache} the benchmark uses, and its path is printed, so
 * {@code bench/dirsize "$(bench/gentree --original)"} walks the original's 2.8 M files. Progress goes to stderr.
 * Exit status: 0, 1 if writing failed (a partial tree is deleted), 2 on bad usage.
 */
public final class GenerateTree {

    static final String USAGE = """
            Usage: gentree [DIR] [--files N] [--original] [--depth D] [--fan-out F] [--min-size B] [--max-size B] [--seed S]
              Writes N files of min..max bytes spread over a tree of D levels of F subdirectories.
              Defaults: %d files, depth %d, fan-out %d, sizes %d..%d bytes, seed %d.
              --original   %d files, as in the original lab report
              DIR          a new or empty directory; without it, the benchmark's cache (%s), and the tree's path is printed
            """.formatted(
                    TreeSpec.DEFAULT.files(),
                    TreeSpec.DEFAULT.depth(),
                    TreeSpec.DEFAULT.fanOut(),
                    TreeSpec.DEFAULT.minSize(),
                    TreeSpec.DEFAULT.maxSize(),
                    TreeSpec.DEFAULT.seed(),
                    TreeSpec.ORIGINAL_FILES,
                    TreeCache.defaultDirectory());

    private GenerateTree() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        TreeSpec d = TreeSpec.DEFAULT;
        long files = d.files();
        long depth = d.depth();
        long fanOut = d.fanOut();
        long minSize = d.minSize();
        long maxSize = d.maxSize();
        long seed = d.seed();
        Path directory = null;
        TreeSpec spec;
        try {
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                switch (arg) {
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    case "--original" -> files = TreeSpec.ORIGINAL_FILES;
                    case "--files" -> files = number(args, ++i, arg);
                    case "--depth" -> depth = number(args, ++i, arg);
                    case "--fan-out" -> fanOut = number(args, ++i, arg);
                    case "--min-size" -> minSize = number(args, ++i, arg);
                    case "--max-size" -> maxSize = number(args, ++i, arg);
                    case "--seed" -> seed = number(args, ++i, arg);
                    default -> {
                        if (arg.startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + arg);
                        }
                        if (directory != null) {
                            throw new IllegalArgumentException("only one DIR, got " + directory + " and " + arg);
                        }
                        directory = Path.of(arg);
                    }
                }
            }
            spec = new TreeSpec(
                    toInt(files, "--files"),
                    toInt(depth, "--depth"),
                    toInt(fanOut, "--fan-out"),
                    toInt(minSize, "--min-size"),
                    toInt(maxSize, "--max-size"),
                    seed);
        } catch (IllegalArgumentException e) {
            err.println("gentree: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        try {
            if (directory == null) {
                TreeCache.CachedTree tree = TreeCache.obtain(TreeCache.defaultDirectory(), spec, err::println);
                err.println("gentree: " + describe(tree.summary()));
                out.println(tree.root());
            } else {
                boolean existed = Files.exists(directory);
                if (existed && !isEmptyDirectory(directory)) {
                    err.println("gentree: " + directory + " exists and is not an empty directory");
                    return 2;
                }
                long start = System.nanoTime();
                TreeSummary summary;
                try {
                    summary = TreeGenerator.generate(
                            directory, spec, done -> err.println("  " + done + " / " + spec.files() + " files"));
                } catch (IOException | RuntimeException e) {
                    // Leave nothing half-written: everything under the (new or empty) directory is ours.
                    TreeCache.deleteRecursively(directory);
                    if (existed) {
                        Files.createDirectory(directory);
                    }
                    throw e;
                }
                out.printf(
                        Locale.ROOT,
                        "%s in %s (%.1f s)%n",
                        describe(summary),
                        directory,
                        (System.nanoTime() - start) / 1e9);
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("gentree: failed: " + e);
            return 1;
        }
    }

    private static boolean isEmptyDirectory(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            return !entries.iterator().hasNext();
        }
    }

    private static String describe(TreeSummary summary) {
        return summary.files() + " files, " + summary.directories() + " directories, " + summary.bytes() + " bytes";
    }

    private static long number(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        try {
            return Long.parseLong(args[index].replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number: " + args[index]);
        }
    }

    private static int toInt(long value, String option) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(option + " is too large: " + value);
        }
        return (int) value;
    }
}
