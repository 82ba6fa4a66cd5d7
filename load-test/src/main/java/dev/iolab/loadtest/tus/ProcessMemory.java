package dev.iolab.loadtest.tus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's resident memory from {@code /proc/<pid>/status}. */
final class ProcessMemory {

    private ProcessMemory() {}

    /**
     * The process's resident-set high-water mark ({@code VmHWM}) in bytes since it started: start-up and everything it
     * ran included; -1 when it cannot be read (the process is gone, not Linux).
     */
    static long peakRssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
