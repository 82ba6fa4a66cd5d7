package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The probe reads another JVM's live heap: a child JVM holds 64 MiB until told to drop it; the live heap counts the
 * 64 MiB while they are held and not after, however much garbage the child made meanwhile.
 */
class HeapProbeTest {

    private static final int HELD = 64 * 1024 * 1024;

    /** The child: allocates garbage and one held array, says "held", drops the array on a line of input. */
    public static final class Holder {
        static volatile byte[] held;
        static volatile Object sink;

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 200; i++) {
                sink = new byte[1024 * 1024]; // garbage the probe must not count
            }
            held = new byte[HELD];
            System.out.println("held");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            in.readLine();
            held = null;
            System.out.println("dropped");
            System.out.flush();
            in.readLine();
        }
    }

    @Test
    void measuresTheLiveHeapOfAnotherJvmWithoutItsGarbage() throws Exception {
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m",
                        "-XX:+UseG1GC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Holder.class.getName())
                .redirectErrorStream(true)
                .start();
        try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
                OutputStream in = child.getOutputStream()) {
            assertThat(out.readLine()).isEqualTo("held");
            try (HeapProbe probe = HeapProbe.attach(child.pid())) {
                long whileHeld = probe.liveHeapBytes();
                assertThat(whileHeld).isBetween((long) HELD, HELD + 32L * 1024 * 1024);

                in.write('\n');
                in.flush();
                assertThat(out.readLine()).isEqualTo("dropped");
                long afterDrop = probe.liveHeapBytes();
                assertThat(afterDrop).isLessThan(whileHeld - HELD / 2);
                assertThat(probe.maxHeapBytes()).isEqualTo(512L * 1024 * 1024);
            }
            in.write('\n');
            in.flush();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
    }
}
