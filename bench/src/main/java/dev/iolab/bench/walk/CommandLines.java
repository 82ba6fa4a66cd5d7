package dev.iolab.bench.walk;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * What the command lines of this package ({@code dirsize}, {@code gentree}, {@link CompareWalkers}) share: picocli's
 * programmatic model (no annotations, so no reflection over fields at start-up, which {@code dirsize} pays for on
 * every run), one way to print help and errors, and converters that accept what the old hand-written parsers did.
 */
final class CommandLines {

    /** Status for bad usage: an unknown option, a bad value, a missing argument. */
    static final int USAGE = 2;

    /** {@link #parse}: the arguments are valid, run the command. */
    static final int RUN = -1;

    private CommandLines() {}

    /** A command named {@code name} whose usage lists every option's default. */
    static CommandSpec spec(String name, String... description) {
        CommandSpec spec = CommandSpec.create().name(name);
        spec.usageMessage()
                .description(description)
                .showDefaultValues(true)
                .width(120)
                .sortOptions(false);
        spec.addOption(OptionSpec.builder("-h", "--help")
                .usageHelp(true)
                .description("Prints this help and exits.")
                .build());
        return spec;
    }

    /**
     * Parses {@code args} into {@code command}'s model. With {@code --help} prints the usage to {@code out} and
     * returns 0; with a bad argument prints {@code "name: message"} and the usage to {@code err} and returns
     * {@link #USAGE}; else returns {@link #RUN}.
     */
    static int parse(CommandLine command, String[] args, PrintStream out, PrintStream err) {
        try {
            command.parseArgs(args);
        } catch (ParameterException e) {
            return usageError(command, e.getMessage(), err);
        }
        if (command.isUsageHelpRequested()) {
            command.usage(out);
            return 0;
        }
        return RUN;
    }

    /** Prints {@code "name: message"} and the usage to {@code err}; returns {@link #USAGE}. */
    static int usageError(CommandLine command, String message, PrintStream err) {
        err.println(command.getCommandName() + ": " + message);
        command.usage(err);
        return USAGE;
    }

    /**
     * A converter to the constants of {@code type}, ignoring case and taking {@code -} for {@code _}
     * ({@code fixed-pool} is {@code FIXED_POOL}), whose error lists the constants.
     */
    static <E extends Enum<E>> CommandLine.ITypeConverter<E> constants(Class<E> type, String what) {
        return text -> constant(type, what, text);
    }

    /** {@code text} as one of {@code type}'s constants (see {@link #constants}). */
    static <E extends Enum<E>> E constant(Class<E> type, String what, String text) {
        try {
            return Enum.valueOf(type, text.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("unknown " + what + " " + text + " (" + names(type) + ")");
        }
    }

    /** The constants of {@code type}, for a usage message: {@code "A, B, C"}. */
    static String names(Class<? extends Enum<?>> type) {
        return String.join(", ", candidates(type));
    }

    /** The constants' names, for picocli's {@code ${COMPLETION-CANDIDATES}}. */
    static List<String> candidates(Class<? extends Enum<?>> type) {
        List<String> names = new ArrayList<>();
        for (Enum<?> constant : type.getEnumConstants()) {
            names.add(constant.name());
        }
        return names;
    }

    /**
     * A whole number between {@code min} and {@code max}; {@code _} may group digits ({@code 498_601}). picocli
     * prefixes its errors with the option ({@code Invalid value for option '--files': …}).
     */
    static CommandLine.ITypeConverter<Long> wholeNumber(long min, long max) {
        return text -> wholeNumber(min, max, text);
    }

    /** {@code text} as a whole number in {@code min..max} (see {@link #wholeNumber(long, long)}). */
    static long wholeNumber(long min, long max, String text) {
        long value;
        try {
            value = Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("needs a whole number, not " + text);
        }
        if (value < min || value > max) {
            throw new TypeConversionException("must be in " + min + ".." + max + ", not " + text);
        }
        return value;
    }
}
