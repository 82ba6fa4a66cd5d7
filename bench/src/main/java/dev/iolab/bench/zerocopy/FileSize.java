package dev.iolab.bench.zerocopy;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the benchmark's file sizes: a whole number with an optional binary suffix, {@code 3K} = 3 × 1024 bytes. */
final class FileSize {

    private static final Pattern SIZE = Pattern.compile("(\\d+)([KMGT]?)B?");

    private FileSize() {}

    /**
     * Bytes in {@code text}: {@code 300}, {@code 3K}, {@code 30M}, {@code 3G} (K, M, G, T are powers of 1024; a
     * trailing {@code B} and lower case are accepted).
     *
     * @throws IllegalArgumentException if {@code text} is not such a size or does not fit in a {@code long}
     */
    static long parse(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.trim().toUpperCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("Not a file size: '" + text + "' (expected e.g. 3K, 30M, 3G)");
        }
        int shift = switch (m.group(2)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        try {
            long value = Long.parseLong(m.group(1));
            if (value > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return value << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("File size too large: '" + text + "'");
        }
    }
}
