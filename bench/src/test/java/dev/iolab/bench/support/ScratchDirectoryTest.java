package dev.iolab.bench.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchDirectoryTest {

    @TempDir
    Path parent;

    @Test
    void createsAnEmptyDirectoryNamedAfterThisProcess() throws IOException {
        Path directory = ScratchDirectory.create("iolab-scratch-test-");

        assertThat(directory).isEmptyDirectory();
        assertThat(directory.getFileName().toString())
                .startsWith("iolab-scratch-test-" + ProcessHandle.current().pid() + "-");
    }

    @Test
    void deletesLeftoversOfProcessesThatAreGoneAndKeepsLiveOnes() throws IOException {
        long gone = deadPid();
        Path leftover = Files.createDirectories(parent.resolve("iolab-x-" + gone + "-123/sub"));
        Files.writeString(leftover.resolve("file"), "left behind");
        Path live = Files.createDirectory(
                parent.resolve("iolab-x-" + ProcessHandle.current().pid() + "-456"));
        Path foreign = Files.createDirectory(parent.resolve("iolab-x-notapid"));

        ScratchDirectory.deleteLeftovers(parent, "iolab-x-");

        assertThat(parent.resolve("iolab-x-" + gone + "-123")).doesNotExist();
        assertThat(live).isDirectory();
        assertThat(foreign).isDirectory();
    }

    /** The pid of a process that has exited. */
    private static long deadPid() throws IOException {
        try {
            Process process = new ProcessBuilder("true").start();
            process.waitFor();
            return process.pid();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
