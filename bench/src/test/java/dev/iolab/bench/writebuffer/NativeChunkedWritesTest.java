package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NativeChunkedWritesTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "chunks of {0} bytes write exactly the data, in ceil(size / chunk) calls")
    @ValueSource(ints = {3, 4096, 999_999, 1_000_000, 2_000_000})
    void writesExactlyTheDataInceilSizeOverChunkCalls(int chunkSize) throws IOException {
        Path file = dir.resolve("out");
        try (Arena arena = Arena.ofConfined()) {
            WriteData data = WriteData.of(WriteBufferBenchmark.FILE_SIZE, 7, arena);

            int calls = NativeChunkedWrites.write(Libc.cString(arena, file.toString()), data.offHeap(), chunkSize);

            assertThat(Files.readAllBytes(file)).isEqualTo(data.heap());
            assertThat(calls).isEqualTo((WriteBufferBenchmark.FILE_SIZE + chunkSize - 1) / chunkSize);
        }
    }

    @Test
    void truncatesALongerFileItReplaces() throws IOException {
        Path file = RandomFiles.write(dir.resolve("out"), 3_000_000, 1);
        try (Arena arena = Arena.ofConfined()) {
            WriteData data = WriteData.of(1000, 2, arena);

            NativeChunkedWrites.write(Libc.cString(arena, file.toString()), data.offHeap(), 100);

            assertThat(Files.readAllBytes(file)).isEqualTo(data.heap());
        }
    }

    @Test
    void failsWithTheCallThePathAndTheError() {
        Path missing = dir.resolve("no-such-dir").resolve("out");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment path = Libc.cString(arena, missing.toString());

            assertThatThrownBy(() -> NativeChunkedWrites.write(path, arena.allocate(10), 5))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("openat(" + missing + "): No such file or directory (errno 2)");
        }
    }

    @Test
    void rejectsANonPositiveChunkSize() {
        try (Arena arena = Arena.ofConfined()) {
            assertThatThrownBy(() -> NativeChunkedWrites.write(
                            Libc.cString(arena, dir.resolve("x").toString()), arena.allocate(1), 0))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(dir.resolve("x")).doesNotExist();
    }
}
