package dev.iolab.bench.walk;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code gentree [DIR] [options]}: writes a deterministic tree for {@code dirsize} and {@link DirectoryWalkBenchmark}.
 * Without DIR the tree goes to (or is found in) the {@link TreeCache} the benchmark uses, and its path is printed on
 * stdout (one line), so that {@code bench/dirsize "$(bench/gentree --preset half-million)"} walks that tree. The
 * totals go to stderr (and to stdout with DIR); progress goes to stderr. A preset names a shape
 * ({@link TreeSpec#PRESETS}); the other options override its fields, whatever their order. Exit status: 0, 1 if
 * writing failed (a partial tree is deleted), 2 on bad usage.
 */
public final class GenerateTree {

    private GenerateTree() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The command line's model; the fields' defaults are the default preset's. */
    static CommandLine commandLine() {
        CommandSpec spec = CommandLines.spec(
                "gentree",
                "Writes FILES files of MIN..MAX bytes (uniform, from a fixed seed) spread round-robin over a full tree"
                        + " of DEPTH levels of FAN-OUT subdirectories. A preset names a shape; the other options"
                        + " override its fields.",
                "Presets:",
                presetLines());
        spec.addPositional(PositionalParamSpec.builder()
                .paramLabel("DIR")
                .type(String.class)
                .arity("0..1")
                .description("A new or empty directory. Without it the tree goes to the benchmark's cache ("
                        + TreeCache.defaultDirectory() + ") unless it is there already, and its path is printed.")
                .build());
        spec.addOption(OptionSpec.builder("--preset")
                .paramLabel("P")
                .type(TreeSpec.class)
                .converters(GenerateTree::preset)
                .completionCandidates(TreeSpec.PRESETS.keySet())
                .defaultValue("default")
                .description("The shape to start from: ${COMPLETION-CANDIDATES}.")
                .build());
        spec.addOption(OptionSpec.builder("--original")
                .type(boolean.class)
                .showDefaultValue(CommandLine.Help.Visibility.NEVER)
                .description("The same as --preset original (the lab report's file count).")
                .build());
        spec.addOption(number("--files", "N", 0, Integer.MAX_VALUE, "Regular files.", TreeSpec.DEFAULT.files()));
        spec.addOption(number("--depth", "D", 0, 64, "Levels of subdirectories below DIR.", TreeSpec.DEFAULT.depth()));
        spec.addOption(number(
                "--fan-out", "F", 1, Integer.MAX_VALUE, "Subdirectories per directory.", TreeSpec.DEFAULT.fanOut()));
        spec.addOption(
                number("--min-size", "B", 0, Integer.MAX_VALUE, "Smallest file in bytes.", TreeSpec.DEFAULT.minSize()));
        spec.addOption(
                number("--max-size", "B", 0, Integer.MAX_VALUE, "Largest file in bytes.", TreeSpec.DEFAULT.maxSize()));
        spec.addOption(
                number("--seed", "S", Long.MIN_VALUE, Long.MAX_VALUE, "Seed of the sizes.", TreeSpec.DEFAULT.seed()));
        return new CommandLine(spec);
    }

    /** An option overriding one field of the preset; its "default" is the default preset's value. */
    private static OptionSpec number(String name, String label, long min, long max, String what, long preset) {
        return OptionSpec.builder(name)
                .paramLabel(label)
                .type(Long.class)
                .converters(CommandLines.wholeNumber(min, max))
                .description(what + " Default: the preset's (" + preset + " in the default preset).")
                .build();
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine command = commandLine();
        int status = CommandLines.parse(command, args, out, err);
        if (status != CommandLines.RUN) {
            return status;
        }
        CommandSpec options = command.getCommandSpec();
        boolean original = Boolean.TRUE.equals(options.findOption("--original").getValue());
        if (original && options.commandLine().getParseResult().hasMatchedOption("--preset")) {
            return CommandLines.usageError(command, "--original is --preset original: give one of them", err);
        }
        TreeSpec base =
                original ? TreeSpec.ORIGINAL : options.findOption("--preset").getValue();
        TreeSpec spec;
        try {
            spec = new TreeSpec(
                    field(options, "--files", base.files()),
                    field(options, "--depth", base.depth()),
                    field(options, "--fan-out", base.fanOut()),
                    field(options, "--min-size", base.minSize()),
                    field(options, "--max-size", base.maxSize()),
                    options.findOption("--seed").getValue() == null
                            ? base.seed()
                            : (Long) options.findOption("--seed").getValue());
        } catch (IllegalArgumentException e) {
            return CommandLines.usageError(command, e.getMessage(), err);
        }
        String dir = options.positionalParameters().getFirst().getValue();
        Path directory = dir == null ? null : Path.of(dir);
        try {
            if (directory == null) {
                TreeCache.CachedTree tree = TreeCache.obtain(TreeCache.defaultDirectory(), spec, err::println);
                err.println("gentree: " + describe(tree.summary()));
                out.println(tree.root());
                return 0;
            }
            return generateInto(directory, spec, out, err);
        } catch (IOException | RuntimeException e) {
            err.println("gentree: failed: " + e);
            return 1;
        }
    }

    /**
     * Writes the tree into {@code directory}, which must be new or empty; a failed generation leaves it as it was.
     *
     * @return 0, or the usage error status when {@code directory} holds something already
     */
    private static int generateInto(Path directory, TreeSpec spec, PrintStream out, PrintStream err)
            throws IOException {
        boolean existed = Files.exists(directory);
        if (existed && !isEmptyDirectory(directory)) {
            err.println("gentree: " + directory + " exists and is not an empty directory");
            return CommandLines.USAGE;
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
        out.printf(Locale.ROOT, "%s in %s (%.1f s)%n", describe(summary), directory, (System.nanoTime() - start) / 1e9);
        return 0;
    }

    /** The option's value if it was given, else the preset's; every such option is an {@code int} field. */
    private static int field(CommandSpec options, String name, int preset) {
        Long value = options.findOption(name).getValue();
        if (value == null) {
            return preset;
        }
        return Math.toIntExact(value);
    }

    private static TreeSpec preset(String name) {
        TreeSpec preset = TreeSpec.PRESETS.get(name.toLowerCase(Locale.ROOT));
        if (preset == null) {
            throw new TypeConversionException(
                    "unknown preset " + name + " (known: " + String.join(", ", TreeSpec.PRESETS.keySet()) + ")");
        }
        return preset;
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

    private static String presetLines() {
        StringBuilder lines = new StringBuilder();
        TreeSpec.PRESETS.forEach((name, spec) -> lines.append(String.format(
                Locale.ROOT,
                "  %-12s %,d files, depth %d, fan-out %d (%,d directories), %d..%d bytes%n",
                name,
                spec.files(),
                spec.depth(),
                spec.fanOut(),
                spec.directories(),
                spec.minSize(),
                spec.maxSize())));
        return lines.toString().stripTrailing();
    }
}
