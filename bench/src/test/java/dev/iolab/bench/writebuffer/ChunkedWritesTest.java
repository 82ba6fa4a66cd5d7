package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.support.RandomFiles;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChunkedWritesTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "buffer of {0} bytes writes exactly 1,000,000 bytes")
    @ValueSource(ints = {1, 2, 4, 10, 1000, 8192, 3, 999_999, 1_000_000, 2_000_000})
    void writesExactlyTheFileSize(int bufferSize) throws Exception {
        byte[] data = RandomFiles.bytes(WriteBufferBenchmark.FILE_SIZE, 7);
        Path file = dir.resolve("out");

        int calls;
        try (OutputStream out = new FileOutputStream(file.toFile())) {
            calls = ChunkedWrites.write(out, data, bufferSize);
        }

        assertThat(Files.readAllBytes(file)).isEqualTo(data);
        assertThat(calls).isEqualTo((WriteBufferBenchmark.FILE_SIZE + bufferSize - 1) / bufferSize);
    }

    @Test
    void everyCallIsTheBufferSizeButTheLastIsShort() throws Exception {
        List<Integer> lengths = new ArrayList<>();
        OutputStream recorder = new ByteArrayOutputStream() {
            @Override
            public void write(byte[] b, int off, int len) {
                lengths.add(len);
                super.write(b, off, len);
            }
        };

        ChunkedWrites.write(recorder, new byte[25], 10);

        assertThat(lengths).containsExactly(10, 10, 5);
    }

    @Test
    void rejectsANonPositiveBufferSize() {
        assertThatThrownBy(() -> ChunkedWrites.write(OutputStream.nullOutputStream(), new byte[1], 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
