package dev.iolab.loadtest;

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
}
