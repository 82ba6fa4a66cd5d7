package dev.iolab.bench.walk;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The exact totals of a generated tree: what every walker must report for it.
 *
 * @param bytes       sum of the files' sizes
 * @param files       regular files
 * @param directories directories, the root included
 */
public record TreeSummary(long bytes, long files, long directories) {

    /** Whether {@code result} reports exactly these totals and no errors. */
    public boolean matches(WalkResult result) {
        return result.errors() == 0
                && result.bytes() == bytes
                && result.files() == files
                && result.directories() == directories;
    }

    void store(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("bytes", Long.toString(bytes));
        properties.setProperty("files", Long.toString(files));
        properties.setProperty("directories", Long.toString(directories));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(out, "iolab generated tree: complete");
        }
    }

    static TreeSummary load(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        try {
            return new TreeSummary(
                    Long.parseLong(properties.getProperty("bytes")),
                    Long.parseLong(properties.getProperty("files")),
                    Long.parseLong(properties.getProperty("directories")));
        } catch (NumberFormatException e) {
            throw new IOException("Corrupt tree marker " + file + ": " + properties, e);
        }
    }
}
