package dev.iolab.reporting.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Reads small system files and runs small system commands, treating every failure as "no answer". */
final class Commands {

    private Commands() {}

    /** The file's text, or empty when it is absent or unreadable. */
    static String read(Path file) {
        try {
            return Files.isReadable(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The command's standard output when it exits 0 within 10 s; empty when it is missing, fails or hangs. */
    static Optional<String> output(List<String> command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            // systemd-detect-virt exits 1 and prints "none" when it finds nothing.
            return p.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
