package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The /proc readers against processes whose use is known: this JVM, a busy child, a file read. */
class ProcFsTest {

    @TempDir
    Path dir;

    @Test
    void countsTheCpuOfAChildThatHasExitedAndBeenReaped() throws Exception {
        double before = ProcFs.reapedChildrenCpuSeconds();
        // A shell loop that keeps a core busy for a few hundred milliseconds.
        Process busy = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done").start();
        long pid = busy.pid();
        double whileAlive = 0;
        while (busy.isAlive()) {
            double cpu = ProcFs.cpuSeconds(pid);
            if (!Double.isNaN(cpu)) {
                whileAlive = cpu;
            }
            Thread.sleep(20);
        }
        assertThat(busy.waitFor(60, TimeUnit.SECONDS)).isTrue();

        double used = ProcFs.reapedChildrenCpuSeconds() - before;
        assertThat(used).isGreaterThan(0.05).isGreaterThanOrEqualTo(whileAlive);
        assertThat(ProcFs.cpuSeconds(pid)).as("a process that is gone").isNaN();
    }

    @Test
    void countsThisJvmsCpuAndTheBytesItReads() throws Exception {
        Path file = dir.resolve("eight-mib");
        Files.write(file, new byte[8 * 1024 * 1024]);
        long pid = ProcessHandle.current().pid();
        long readBefore = ProcFs.readChars(pid);
        double cpuBefore = ProcFs.selfCpuSeconds();

        try (InputStream in = Files.newInputStream(file)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        // A fixed amount of work (hashing 256 MiB takes a few hundred CPU milliseconds), however busy the machine.
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] block = new byte[1024 * 1024];
        for (int i = 0; i < 256; i++) {
            sha.update(block);
        }

        assertThat(ProcFs.readChars(pid) - readBefore).isGreaterThanOrEqualTo(8L * 1024 * 1024);
        assertThat(ProcFs.selfCpuSeconds() - cpuBefore)
                .as("after hashing %s", HexFormat.of().formatHex(sha.digest()))
                .isGreaterThan(0.05);
        double self = ProcFs.selfCpuSeconds();
        assertThat(ProcFs.treeCpuSeconds(ProcessHandle.current())).isGreaterThanOrEqualTo(self);
        assertThat(ProcFs.rssBytes(pid)).isGreaterThan(8 * 1024 * 1024);
    }

    @Test
    void describesTheMachine() {
        assertThat(ProcFs.machine()).matches("\\d+ cores, \\d+ GiB RAM, Linux .*");
        assertThat(ProcFs.loadAverage()).matches("[\\d.]+, [\\d.]+, [\\d.]+");
        assertThat(ProcFs.oneMinuteLoad()).isNotNaN();
        assertThat(ProcFs.memoryBytes()).isGreaterThan(0);
    }
}
