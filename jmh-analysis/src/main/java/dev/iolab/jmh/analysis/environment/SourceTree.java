package dev.iolab.jmh.analysis.environment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The git state of the sources a run measures: the revision and whether the working tree differs from it. Figures
 * measured on a modified tree cannot be reproduced from any commit, so {@code jmh:run} with a profile and
 * {@code jmh:report} refuse them unless {@code -Djmh.allowDirty=true}.
 *
 * <p>Dirty means any tracked change or untracked file that git does not ignore, anywhere in the repository, except
 * under the run's own output directories (the report directory may be inside the repository, e.g.
 * {@code docs/results}).
 *
 * @param revision {@code git describe --always --abbrev=12}, with {@code -dirty} appended when dirty; empty outside git
 * @param dirty    whether the tree differs from the revision; {@code null} when unknown (no git)
 * @param changed  the changed or untracked paths (relative to the repository root), at most {@value #LISTED}
 */
public record SourceTree(String revision, Boolean dirty, List<String> changed) {

    static final int LISTED = 20;

    public SourceTree {
        changed = changed == null ? List.of() : List.copyOf(changed);
    }

    /** Unknown: not in a git repository, or git is missing. */
    public static SourceTree unknown() {
        return new SourceTree("", null, List.of());
    }

    public boolean isDirty() {
        return Boolean.TRUE.equals(dirty);
    }

    /**
     * Inspects the repository containing {@code directory}.
     *
     * @param outputs directories the run writes (report, results); changes under them do not count
     */
    public static SourceTree inspect(Path directory, List<Path> outputs) {
        Optional<String> root = git(directory, "rev-parse", "--show-toplevel");
        if (root.isEmpty()) {
            return unknown();
        }
        Path top = Path.of(root.get().trim()).toAbsolutePath().normalize();
        String revision = git(directory, "describe", "--always", "--abbrev=12")
                .map(String::trim)
                .orElse("");
        Optional<String> status = git(directory, "status", "--porcelain=v1", "-z", "--untracked-files=all");
        if (status.isEmpty()) {
            return new SourceTree(revision, null, List.of());
        }
        List<Path> excluded = new ArrayList<>();
        for (Path output : outputs) {
            Path absolute = output.toAbsolutePath().normalize();
            if (absolute.startsWith(top)) {
                excluded.add(top.relativize(absolute));
            }
        }
        List<String> changed = new ArrayList<>();
        int total = 0;
        String[] entries = status.get().split("\0");
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i];
            if (entry.length() < 4) {
                continue;
            }
            char x = entry.charAt(0);
            String path = entry.substring(3);
            if (x == 'R' || x == 'C') {
                i++; // the original path follows a rename or copy
            }
            Path relative = Path.of(path);
            if (excluded.stream().anyMatch(relative::startsWith)) {
                continue;
            }
            total++;
            if (changed.size() < LISTED) {
                changed.add(path);
            }
        }
        if (total > changed.size()) {
            changed.add("… and " + (total - changed.size()) + " more");
        }
        boolean dirty = total > 0;
        return new SourceTree(dirty ? revision + "-dirty" : revision, dirty, changed);
    }

    /** The refusal for a dirty tree, naming what changed and how to go on. */
    public String refusal(String what) {
        return what + " on a modified source tree (" + revision + "; changed: " + String.join(", ", changed)
                + "): such figures cannot be reproduced from any commit. Commit or stash the changes, or add"
                + " -Djmh.allowDirty=true to go on anyway (the report then says so at its top).";
    }

    private static Optional<String> git(Path directory, String... args) {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(args));
        try {
            Process git = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!git.waitFor(30, TimeUnit.SECONDS)) {
                git.destroy();
                return Optional.empty();
            }
            return git.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
