package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ManagedProcessTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void failsAtOnceWithTheLogWhenTheProcessDiesBeforeItIsReady() throws Exception {
        ManagedProcess process = ManagedProcess.start(
                "dying", List.of("sh", "-c", "echo cannot bind; exit 3"), Map.of(), dir, dir.resolve("dying.log"));

        // A deadline this test would never reach: only the death can end the wait (the JUnit timeout guards a hang).
        assertThatThrownBy(() -> process.awaitReady(Duration.ofDays(1), () -> false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("dying exited with 3")
                .hasMessageContaining("cannot bind");
    }

    @Test
    @Timeout(120)
    void countsTheCpuOfTheProcessAndOfItsTreeUntilItIsGone() throws Exception {
        // A shell whose child keeps a core busy for a while; the shell waits for it, then sleeps.
        ManagedProcess process = ManagedProcess.start(
                "busy",
                List.of(
                        "sh",
                        "-c",
                        "sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done' & wait; echo spun; sleep 600"),
                Map.of(),
                dir,
                dir.resolve("busy.log"));
        process.awaitReady(Duration.ofSeconds(100), () -> process.tail().contains("spun"));

        // The child has ended and been waited for: its CPU counts in the tree, not in the parent's own.
        assertThat(process.treeCpuSeconds()).isGreaterThan(0.05).isGreaterThan(process.cpuSeconds());
        process.close();
        process.process().onExit().get(30, TimeUnit.SECONDS);
        assertThat(process.cpuSeconds()).as("a process that is gone").isNaN();
        assertThat(process.treeCpuSeconds()).isNaN();
    }

    @Test
    void closeStopsTheProcessAndItsChildren() throws Exception {
        ManagedProcess process = ManagedProcess.start(
                "parent",
                List.of("sh", "-c", "sleep 600 & echo child $!; wait"),
                Map.of("IOLAB_TEST", "1"),
                dir,
                dir.resolve("parent.log"));
        process.awaitReady(Duration.ofSeconds(30), () -> process.tail().contains("child "));
        List<ProcessHandle> children = process.process().descendants().toList();
        assertThat(children).isNotEmpty();

        process.close();

        assertThat(process.isAlive()).isFalse();
        for (ProcessHandle child : children) {
            child.onExit().get(30, TimeUnit.SECONDS);
            assertThat(child.isAlive()).as("child %d", child.pid()).isFalse();
        }
    }
}
