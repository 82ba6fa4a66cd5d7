package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IoCountersTest {

    private static final Path ORIGIN = Path.of("/proc/self/task/1/io");

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
    void rejectsACountThatIsNoNumber() {
        assertThatThrownBy(() -> IoCounters.parse("syscr: many\nsyscw: 2\n", ORIGIN))
                .isInstanceOf(IOException.class)
                .hasMessage("Unreadable syscr in " + ORIGIN + ": 'syscr: many'");
    }
}
