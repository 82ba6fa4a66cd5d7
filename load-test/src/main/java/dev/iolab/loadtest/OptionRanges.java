package dev.iolab.loadtest;

import java.util.List;
import picocli.CommandLine;

/** The range check the studies' command lines share: a number outside its range is refused with the option's name. */
public final class OptionRanges {

    private OptionRanges() {}

    /** @throws CommandLine.ParameterException "{@code name} takes {@code min} to {@code max}, got {@code value}" */
    public static void check(CommandLine commandLine, String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new CommandLine.ParameterException(
                    commandLine, name + " takes " + min + " to " + max + ", got " + value);
        }
    }

    /**
     * Checks every value of a list option as {@link #check(CommandLine, String, int, int, int)} does; an option not
     * given ({@code null}) passes, one given with no value does not.
     */
    public static void check(CommandLine commandLine, String name, List<Integer> values, int min, int max) {
        if (values == null) {
            return;
        }
        if (values.isEmpty()) {
            throw new CommandLine.ParameterException(commandLine, name + " needs at least one value");
        }
        for (int value : values) {
            check(commandLine, name, value, min, max);
        }
    }
}
