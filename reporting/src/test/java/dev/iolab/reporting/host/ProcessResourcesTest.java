package dev.iolab.reporting.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a process used, read from a fake /proc tree, and from this machine's own against processes whose use is known:
 * this JVM, a busy child, a file read.
 */
class ProcessResourcesTest {

    @TempDir
    Path dir;

    @Test
    void readsAFakeProcTree() throws Exception {
        // pid (comm) state ppid, fields 5..13, then utime stime cutime cstime (ticks of 1/100 s)
        write("proc/7/stat", "7 (java (main)) S 1 1 1 0 -1 4194560 10 0 0 0 300 100 250 50 20 0 1 0 100 1000 200\n");
        write("proc/7/io", "rchar: 8388608\nwchar: 42\nsyscr: 12\n");
        write("proc/7/status", "Name:\tjava\nVmPeak:\t  999 kB\nVmRSS:\t   2048 kB\nThreads:\t12\n");

        ProcessResources processes = ProcessResources.at(dir);

        assertThat(processes.reapedChildrenCpuSeconds(7)).hasValue(3.0);
        assertThat(processes.bytesRead(7)).hasValue(8L * 1024 * 1024);
        assertThat(processes.residentBytes(7)).hasValue(2048L * 1024);
    }

    @Test
    void aProcessThatIsGoneHasNoFigures() {
        ProcessResources processes = ProcessResources.at(dir);

        assertThat(processes.reapedChildrenCpuSeconds(42)).isEmpty();
        assertThat(processes.bytesRead(42)).isEmpty();
        assertThat(processes.residentBytes(42)).isEmpty();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsTheCpuOfAChildThatHasExitedAndBeenReaped() throws Exception {
        HostFacts host = HostFacts.local();
        ProcessResources processes = ProcessResources.local();
        double before =
                processes.reapedChildrenCpuSeconds(ProcessResources.self()).orElseThrow();
        // A shell loop that keeps a core busy for a few hundred milliseconds.
        Process busy = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done").start();
        long pid = busy.pid();
        double whileAlive = 0;
        while (busy.isAlive()) {
            whileAlive = host.processCpuSeconds(pid).orElse(whileAlive);
            Thread.sleep(20);
        }
        assertThat(busy.waitFor(60, TimeUnit.SECONDS)).isTrue();

        double used =
                processes.reapedChildrenCpuSeconds(ProcessResources.self()).orElseThrow() - before;
        assertThat(used).isGreaterThan(0.05).isGreaterThanOrEqualTo(whileAlive);
        assertThat(host.processCpuSeconds(pid)).as("a process that is gone").isEmpty();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void countsThisJvmsCpuAndTheBytesItReads() throws Exception {
        HostFacts host = HostFacts.local();
        ProcessResources processes = ProcessResources.local();
        Path file = dir.resolve("eight-mib");
        Files.write(file, new byte[8 * 1024 * 1024]);
        long pid = ProcessResources.self();
        long readBefore = processes.bytesRead(pid).orElseThrow();
        double cpuBefore = host.processCpuSeconds(pid).orElseThrow();

        try (InputStream in = Files.newInputStream(file)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        // A fixed amount of work (hashing 256 MiB takes a few hundred CPU milliseconds), however busy the machine.
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] block = new byte[1024 * 1024];
        for (int i = 0; i < 256; i++) {
            sha.update(block);
        }

        assertThat(processes.bytesRead(pid).orElseThrow() - readBefore).isGreaterThanOrEqualTo(8L * 1024 * 1024);
        assertThat(host.processCpuSeconds(pid).orElseThrow() - cpuBefore)
                .as("after hashing %s", HexFormat.of().formatHex(sha.digest()))
                .isGreaterThan(0.05);
        double self = host.processCpuSeconds(pid).orElseThrow();
        assertThat(host.processTreeCpuSeconds(pid).orElseThrow()).isGreaterThanOrEqualTo(self);
        assertThat(processes.residentBytes(pid).orElseThrow()).isGreaterThan(8 * 1024 * 1024);
    }

    private void write(String path, String text) throws Exception {
        Path file = dir.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
