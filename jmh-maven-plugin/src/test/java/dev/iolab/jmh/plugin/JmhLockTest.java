package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class JmhLockTest {

    @TempDir
    Path dir;

    /**
     * What a running JMH does, in a JVM of its own: takes the lock, says "locked", holds it until it reads a line,
     * releases it and says "released".
     */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            try (FileChannel channel =
                    FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock = channel.lock();
                System.out.println("locked");
                System.out.flush();
                in.readLine();
                lock.release();
                System.out.println("released");
                System.out.flush();
                in.readLine();
            }
        }
    }

    /** The case JmhLock exists for: another process — another JMH run — holds the lock, then lets it go. */
    @Test
    @Timeout(120)
    void seesWhetherAnotherProcessHoldsTheLock() throws Exception {
        Path file = dir.resolve("jmh.lock");
        assertThat(JmhLock.isHeld(file)).isFalse();

        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Holder.class.getName(),
                        file.toString())
                .redirectErrorStream(true)
                .start();
        try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
                OutputStream in = holder.getOutputStream()) {
            assertThat(out.readLine()).isEqualTo("locked");
            assertThat(JmhLock.isHeld(file))
                    .as("held by process %d", holder.pid())
                    .isTrue();

            in.write('\n');
            in.flush();
            assertThat(out.readLine()).isEqualTo("released");
            assertThat(JmhLock.isHeld(file))
                    .as("released by process %d", holder.pid())
                    .isFalse();

            in.write('\n');
            in.flush();
            assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            holder.destroyForcibly();
        }
        assertThat(JmhLock.isHeld(file)).isFalse();
    }

    /** Within one JVM the JDK reports an overlapping lock instead of failing tryLock: held as well. */
    @Test
    void seesALockThisJvmHolds() throws Exception {
        Path file = dir.resolve("jmh.lock");

        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            assertThat(JmhLock.isHeld(file)).isTrue();
        }
        assertThat(JmhLock.isHeld(file)).isFalse();
    }
}
