package dev.iolab.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A configuration file of the repository ({@code ops/...}) that the stack derives its loopback variant from, by exact
 * replacements: each replaced text must occur exactly once, so that an edit of the committed file that the stack would
 * silently miss fails at once, naming the file and the text.
 */
final class ConfigTemplate {

    private final String file;
    private String text;

    private ConfigTemplate(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** Reads {@code relativePath} under the repository root. */
    static ConfigTemplate read(String relativePath) throws IOException {
        return new ConfigTemplate(
                relativePath, Files.readString(RepositoryPaths.root().resolve(relativePath), StandardCharsets.UTF_8));
    }

    /** Replaces the one occurrence of {@code from}; fails when there is none or more than one. */
    ConfigTemplate replaceOnce(String from, String to) {
        int at = text.indexOf(from);
        if (at < 0 || text.indexOf(from, at + 1) >= 0) {
            throw new IllegalStateException(file + " no longer contains exactly one '" + from.strip()
                    + "'; update the stack's derivation of it (dev.iolab.stack) with it");
        }
        text = text.substring(0, at) + to + text.substring(at + from.length());
        return this;
    }

    String text() {
        return text;
    }

    Path writeTo(Path target) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        Files.writeString(target, text, StandardCharsets.UTF_8);
        return target;
    }
}
