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
