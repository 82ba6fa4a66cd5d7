package dev.iolab.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;

/** The example commands in a script's header comment ({@code #   scripts/x.sh --a 1   # what it does}), as arguments. */
public final class ScriptExamples {

    private ScriptExamples() {}

    /**
     * The arguments of every example line of {@code scripts/<script>}, without the script and the trailing comment.
     *
     * @throws IllegalStateException when the script's header shows no example
     */
    public static List<String[]> of(String script) {
        String prefix = "#   scripts/" + script;
        List<String> lines;
        try {
            lines = Files.readAllLines(RepoFiles.root().resolve("scripts").resolve(script));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String[]> examples = lines.stream()
                .filter(line -> line.startsWith(prefix))
                .map(line -> line.substring(prefix.length()))
                .map(ScriptExamples::arguments)
                .toList();
        if (examples.isEmpty()) {
            throw new IllegalStateException("scripts/" + script + " shows no example in its header");
        }
        return examples;
    }

    private static String[] arguments(String rest) {
        int comment = rest.indexOf(" #");
        String words = (comment < 0 ? rest : rest.substring(0, comment)).strip();
        return words.isEmpty()
                ? new String[0]
                : Arrays.stream(words.split("\\s+")).toArray(String[]::new);
    }
}
