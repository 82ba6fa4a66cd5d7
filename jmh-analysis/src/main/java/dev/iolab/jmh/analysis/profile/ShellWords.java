package dev.iolab.jmh.analysis.profile;

import java.util.ArrayList;
import java.util.List;

/** Splits a property value such as {@code -Djmh.args="..."} into words the way a POSIX shell would. */
public final class ShellWords {

    private ShellWords() {}

    /**
     * Splits on unquoted white space; single quotes keep everything literally, double quotes keep white space
     * and honour backslash escapes of {@code "} and {@code \}.
     *
     * @throws IllegalArgumentException if a quote is not closed
     */
    public static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        if (line == null) {
            return words;
        }
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\'
                        && i + 1 < line.length()
                        && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("Unclosed " + quote + " quote in: " + line);
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    /** Joins words into one line that {@link #split} reads back: words with white space or quotes are quoted. */
    public static String join(List<String> words) {
        List<String> quoted = new ArrayList<>();
        for (String w : words) {
            if (!w.isEmpty() && w.chars().noneMatch(c -> Character.isWhitespace(c) || c == '\'' || c == '"')) {
                quoted.add(w);
            } else {
                quoted.add("'" + w.replace("'", "'\"'\"'") + "'");
            }
        }
        return String.join(" ", quoted);
    }
}
