package dev.iolab.reporting.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The /proc reader against a fake tree, and once against this machine's own /proc. */
class HostFactsTest {

    @TempDir
    Path root;

    @Test
    void readsTheMachine() throws Exception {
        write(
                "proc/cpuinfo",
                "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu\nprocessor\t: 1\n"
                        + "model name\t: AMD EPYC\n");
        write("proc/meminfo", "MemTotal:       24608232 kB\nMemFree:         1000 kB\n");
        write("proc/sys/kernel/osrelease", "6.18.44-fc\n");

        HostFacts host = HostFacts.at(root);

        assertThat(host.cpuModel()).isEqualTo("AMD EPYC");
        assertThat(host.memoryBytes()).isEqualTo(24_608_232L * 1024);
        assertThat(host.kernel()).isEqualTo("6.18.44-fc");
        assertThat(host.cpuCores()).isPositive();
        assertThat(host.virtualization().virtualMachine()).isFalse();
    }

    @Test
    void missingSourcesGiveEmptyAnswersNotErrors() {
        HostFacts host = HostFacts.at(root);

        assertThat(host.cpuModel()).isEmpty();
        assertThat(host.memoryBytes()).isZero();
        assertThat(host.loadAverage()).isEmpty();
        assertThat(host.cpuTimes()).isEmpty();
        assertThat(host.processCpuSeconds(42)).isEmpty();
        assertThat(host.processTreeCpuSeconds(42)).isEmpty();
        assertThat(host.dropCachesWritable()).isFalse();
    }

    @Test
    void readsTheLoadAverages() throws Exception {
        write("proc/loadavg", "0.31 1.39 2.33 2/345 6789\n");

        LoadAverage load = HostFacts.at(root).loadAverage().orElseThrow();

        assertThat(load.oneMinute()).isEqualTo(0.31);
        assertThat(load.fifteenMinutes()).isEqualTo(2.33);
        assertThat(load.text()).isEqualTo("0.31 1.39 2.33");
    }

    @Test
    void stealIsTheShareOfTheMachinesTimeTheHypervisorTookBetweenTwoReadings() throws Exception {
        // user nice system idle iowait irq softirq steal guest guest_nice, in ticks of 1/100 s
        write("proc/stat", "cpu  1000 0 500 8000 100 0 0 400 0 0\ncpu0 500 0 250 4000 50 0 0 200 0 0\n");
        CpuTimes before = HostFacts.at(root).cpuTimes().orElseThrow();
        write("proc/stat", "cpu  1100 0 550 8300 100 0 0 450 0 0\ncpu0 550 0 275 4150 50 0 0 225 0 0\n");
        CpuTimes after = HostFacts.at(root).cpuTimes().orElseThrow();

        assertThat(before.steal()).isEqualTo(4.0);
        assertThat(before.total()).isEqualTo(100.0);
        assertThat(after.busy() - before.busy()).isCloseTo(1.5, within(1e-9));
        assertThat(after.stealShareSince(before)).isCloseTo(0.5 / 5.0, within(1e-9));
        assertThat(before.stealShareSince(before)).isNaN();
    }

    @Test
    void aProcessTreeCountsItsDescendantsAndTheirEndedChildren() throws Exception {
        // pid (comm) state ppid ... utime(14) stime(15) cutime(16) cstime(17): a name with spaces and parentheses
        stat(100, "(node (azurite))", 1, 300, 100, 50, 50);
        stat(101, "(worker)", 100, 200, 0, 0, 0);
        stat(102, "(grandchild)", 101, 100, 100, 0, 0);
        stat(200, "(other)", 1, 9999, 0, 0, 0);

        HostFacts host = HostFacts.at(root);

        assertThat(host.processCpuSeconds(100)).hasValue(4.0);
        assertThat(host.processTreeCpuSeconds(100)).hasValue(9.0);
        assertThat(host.processTreeCpuSeconds(101)).hasValue(4.0);
        assertThat(host.processTreeCpuSeconds(300)).isEmpty();
    }

    @Test
    void clockTicksComeFromGetconf() throws Exception {
        stat(100, "(java)", 1, 250, 250, 0, 0);
        HostFacts host = new HostFacts(
                root,
                command -> command.equals(List.of("getconf", "CLK_TCK")) ? Optional.of("250\n") : Optional.empty());

        assertThat(host.processCpuSeconds(100)).hasValue(2.0);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void readsThisMachinesOwnProc() {
        HostFacts host = HostFacts.local();
        long self = ProcessHandle.current().pid();

        assertThat(host.loadAverage()).isPresent();
        assertThat(host.cpuTimes().orElseThrow().total()).isPositive();
        assertThat(host.memoryBytes()).isPositive();
        double own = host.processCpuSeconds(self).orElseThrow();
        // Read after the process's own time, the tree's (the same process and more) cannot be smaller.
        assertThat(host.processTreeCpuSeconds(self).orElseThrow()).isGreaterThanOrEqualTo(own);
        assertThat(HostFacts.fileSystem(Path.of(System.getProperty("java.io.tmpdir"))))
                .isNotEmpty();
    }

    private void stat(long pid, String comm, long ppid, long utime, long stime, long cutime, long cstime)
            throws Exception {
        StringBuilder line = new StringBuilder(pid + " " + comm + " S " + ppid);
        // fields 5..13: pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
        line.append(" 1 1 0 -1 4194560 10 0 0 0");
        line.append(' ')
                .append(utime)
                .append(' ')
                .append(stime)
                .append(' ')
                .append(cutime)
                .append(' ')
                .append(cstime);
        line.append(" 20 0 1 0 100 1000 200\n");
        write("proc/" + pid + "/stat", line.toString());
    }

    private void write(String path, String text) throws Exception {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
