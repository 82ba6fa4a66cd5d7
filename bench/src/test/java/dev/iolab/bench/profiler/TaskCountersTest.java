package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskCountersTest {

    private static final Path ORIGIN = Path.of("/proc/self/task/1/stat");

    @TempDir
    Path directory;

    @Test
    void readsFaultsFromFieldsTenAndTwelve() throws IOException {
        // Fields: pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime ...
        String stat = "4242 (java) S 1 4242 4242 0 -1 4194368 1234 55 17 3 100 20 0 0 20 0 27 0\n";

        assertThat(TaskCounters.parseFaults(stat, ORIGIN)).containsExactly(1234, 17);
    }

    @Test
    void countsFieldsFromTheLastParenthesisBecauseTheCommandNameMayHoldSpacesAndParentheses() throws IOException {
        String stat = "77 (my (odd) thread) 9) R 1 77 77 0 -1 4194368 5 6 7 8 9 10 0 0 20 0 1 0\n";

        assertThat(TaskCounters.parseFaults(stat, ORIGIN)).containsExactly(5, 7);
    }

    @Test
    void rejectsAStatLineWithTooFewFieldsOrNoCommandName() {
        assertThatThrownBy(() -> TaskCounters.parseFaults("77 (x) R 1 2 3", ORIGIN))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(ORIGIN.toString())
                .hasMessageContaining("need 12");
        assertThatThrownBy(() -> TaskCounters.parseFaults("garbage", ORIGIN))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no command name");
        assertThatThrownBy(() -> TaskCounters.parseFaults("1 (x) R 1 2 3 4 5 6 many 8 9 10", ORIGIN))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("page-fault fields");
    }

    @Test
    void seesThisThreadsOwnReadsAndFaults() throws Exception {
        Path self = Path.of("/proc/thread-self");
        Path file = Files.write(directory.resolve("block"), new byte[4096]);
        TaskCounters before = TaskCounters.read(self);
        for (int i = 0; i < 10; i++) {
            Files.readAllBytes(file);
        }
        int pages = 64;
        Path mapped = Files.write(directory.resolve("mapped"), new byte[pages * 4096]);
        try (FileChannel channel = FileChannel.open(mapped, StandardOpenOption.READ, StandardOpenOption.WRITE);
                Arena arena = Arena.ofConfined()) {
            // A fresh shared mapping: the first write to its pages faults, whatever memory this JVM touched before
            // (malloc'd memory may come back from a block an earlier test already touched, and then never faults).
            MemorySegment memory = channel.map(FileChannel.MapMode.READ_WRITE, 0, pages * 4096L, arena);
            for (long offset = 0; offset < memory.byteSize(); offset += 4096) {
                memory.set(ValueLayout.JAVA_BYTE, offset, (byte) 1);
            }
        }
        TaskCounters delta = TaskCounters.read(self).minus(before);

        assertThat(delta.readCalls()).isGreaterThanOrEqualTo(10);
        assertThat(delta.minorFaults()).isPositive();
    }
}
