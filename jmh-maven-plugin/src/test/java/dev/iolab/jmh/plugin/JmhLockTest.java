package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhLockTest {

    @TempDir
    Path dir;

    @Test
    void seesWhetherSomeoneHoldsTheLock() throws Exception {
        Path file = dir.resolve("jmh.lock");
        assertThat(JmhLock.isHeld(file)).isFalse();

        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            assertThat(JmhLock.isHeld(file)).isTrue();
        }
        assertThat(JmhLock.isHeld(file)).isFalse();
    }
}
