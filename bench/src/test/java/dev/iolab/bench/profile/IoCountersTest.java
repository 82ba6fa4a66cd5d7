package dev.iolab.bench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoCountersTest {

    private static final Path ORIGIN = Path.of("/proc/self/io");

    @TempDir
    Path directory;

    @Test
    void parsesTheKernelsFormat() throws IOException {
        String text = """
                rchar: 323934931
                wchar: 323929600
                syscr: 632687
                syscw: 632675
                read_bytes: 0
                write_bytes: 323932160
                cancelled_write_bytes: 0
                """;

        assertThat(IoCounters.parse(text, ORIGIN)).isEqualTo(new IoCounters(632687, 632675));
    }

    @Test
    void rejectsAFileWithoutCallCounts() {
        assertThatThrownBy(() -> IoCounters.parse("rchar: 1\nwchar: 2\n", ORIGIN))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("syscr");
    }

    @Test
    void seesAtLeastOneReadCallPerRead() throws IOException {
        assumeTrue(Files.isReadable(IoCounters.PROC_SELF_IO), "needs Linux /proc/self/io");
        Path file = RandomFiles.write(directory.resolve("block"), 4096, 1);
        int reads = 1000;
        ByteBuffer buffer = ByteBuffer.allocateDirect(4096);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            IoCounters before = IoCounters.read(IoCounters.PROC_SELF_IO);
            for (int i = 0; i < reads; i++) {
                buffer.clear();
                channel.read(buffer, 0);
            }
            IoCounters calls = IoCounters.read(IoCounters.PROC_SELF_IO).minus(before);

            assertThat(calls.readCalls()).isGreaterThanOrEqualTo(reads);
        }
    }
}
