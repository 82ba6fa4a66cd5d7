package dev.iolab.bench.walk;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@link DirSize}'s output back into a {@link WalkResult}, for tests that run it as a command. */
final class DirSizeOutput {

    private static final Pattern COUNTS = Pattern.compile("files (\\d+), directories (\\d+), errors (\\d+);.*");

    private DirSizeOutput() {}

    static WalkResult parse(String stdout, String stderr) {
        String[] lines = stdout.split("\n");
        if (lines.length < 2) {
            throw new AssertionError("dirsize printed too little: " + stdout + stderr);
        }
        long bytes = Long.parseLong(lines[0].substring(0, lines[0].indexOf('\t')));
        Matcher m = COUNTS.matcher(lines[1]);
        if (!m.matches()) {
            throw new AssertionError("unexpected second line: " + lines[1]);
        }
        List<String> errors = stderr.lines()
                .filter(line -> line.startsWith("dirsize: "))
                .map(line -> line.substring("dirsize: ".length()))
                .toList();
        return new WalkResult(
                bytes, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), errors);
    }
}
