package dev.iolab.loadtest;

import picocli.CommandLine;

/**
 * picocli's converter for the studies' {@code on|off} options ({@code --direct on}, {@code --kill off}); it also takes
 * {@code true} / {@code false}, which picocli passes itself when it applies a boolean option's default.
 */
public final class OnOffConverter implements CommandLine.ITypeConverter<Boolean> {

    @Override
    public Boolean convert(String value) {
        return switch (value.strip()) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new CommandLine.TypeConversionException("takes on or off, got '" + value + "'");
        };
    }
}
