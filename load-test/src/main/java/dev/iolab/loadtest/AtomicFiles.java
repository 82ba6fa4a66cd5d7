package dev.iolab.loadtest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a result file through a temp file beside it, moved into place at the end: a reader never sees half a file,
 * and a run that fails while writing leaves the previous file whole and no temp file behind.
 */
public final class AtomicFiles {

    /** Writes the whole content to {@code tmp}. */
    @FunctionalInterface
    public interface TempWriter {
        void write(Path tmp) throws IOException;
    }

    private AtomicFiles() {}

    /** Writes {@code target} (its directory created if missing) through {@code writer}. */
    public static void write(Path target, TempWriter writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            writer.write(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes {@code text} to {@code target} in UTF-8. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }
}
