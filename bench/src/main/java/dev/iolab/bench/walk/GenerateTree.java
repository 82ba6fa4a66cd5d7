package dev.iolab.bench.walk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code gentree [DIR] [options]}: writes a deterministic tree for {@code dirsize} and {@link DirectoryWalkBenchmark}.
 * Without DIR the tree goes to (or is found in) the {@link TreeCache} the benchmark uses, and its path is printed on
 * stdout (one line), so {@code bench/dirsize "$(bench/gentree --preset issue-12)"} walks issue 12's tree. The totals
 * go to stderr (and to stdout with DIR); progress goes to stderr. A preset names a shape ({@link TreeSpec#PRESETS});
 * the other options override its fields, whatever their order. Exit status: 0, 1 if writing failed (a partial tree
 * is deleted), 2 on bad usage.
 */
public final class GenerateTree {

    static final String USAGE = """
            Usage: gentree [DIR] [--preset P | --original] [--files N] [--depth D] [--fan-out F] [--min-size B] [--max-size B] [--seed S]
              Writes N files of min..max bytes spread over a tree of D levels of F subdirectories.
              Defaults: %d files, depth %d, fan-out %d, sizes %d..%d bytes, seed %d.
              --preset P   start from a named shape (options given with it override its fields):
            %s
              --original   the same as --preset original
              DIR          a new or empty directory; without it, the benchmark's cache (%s), and the tree's path is printed
            """.formatted(
                    TreeSpec.DEFAULT.files(),
                    TreeSpec.DEFAULT.depth(),
                    TreeSpec.DEFAULT.fanOut(),
                    TreeSpec.DEFAULT.minSize(),
                    TreeSpec.DEFAULT.maxSize(),
                    TreeSpec.DEFAULT.seed(),
                    presetLines(),
                    TreeCache.defaultDirectory());

    private GenerateTree() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        TreeSpec base = TreeSpec.DEFAULT;
        Long files = null;
        Long depth = null;
        Long fanOut = null;
        Long minSize = null;
        Long maxSize = null;
        Long seed = null;
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
                    case "--preset" -> base = preset(args, ++i);
                    case "--original" -> base = TreeSpec.ORIGINAL;
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
                    toInt(files, base.files(), "--files"),
                    toInt(depth, base.depth(), "--depth"),
                    toInt(fanOut, base.fanOut(), "--fan-out"),
                    toInt(minSize, base.minSize(), "--min-size"),
                    toInt(maxSize, base.maxSize(), "--max-size"),
                    seed == null ? base.seed() : seed);
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

    private static TreeSpec preset(String[] args, int index) {
        if (index >= args.length) {
            throw new IllegalArgumentException(
                    "--preset needs a name: " + String.join(", ", TreeSpec.PRESETS.keySet()));
        }
        TreeSpec preset = TreeSpec.PRESETS.get(args[index].toLowerCase(Locale.ROOT));
        if (preset == null) {
            throw new IllegalArgumentException(
                    "unknown preset " + args[index] + " (known: " + String.join(", ", TreeSpec.PRESETS.keySet()) + ")");
        }
        return preset;
    }

    private static String presetLines() {
        StringBuilder lines = new StringBuilder();
        TreeSpec.PRESETS.forEach((name, spec) -> lines.append(String.format(
                Locale.ROOT,
                "                 %-9s %,d files, depth %d, fan-out %d (%,d directories), %d..%d bytes%n",
                name,
                spec.files(),
                spec.depth(),
                spec.fanOut(),
                spec.directories(),
                spec.minSize(),
                spec.maxSize())));
        return lines.toString().stripTrailing();
    }

    private static int toInt(Long value, int preset, String option) {
        if (value == null) {
            return preset;
        }
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(option + " is too large: " + value);
        }
        return value.intValue();
    }
}
