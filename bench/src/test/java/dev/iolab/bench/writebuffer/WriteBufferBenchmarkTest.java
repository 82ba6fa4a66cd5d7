package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The benchmark's own lifecycle (setup, per-invocation preparation, operation), called directly: its mechanics. */
class WriteBufferBenchmarkTest {

    private static WriteBufferBenchmark benchmark(int bufferSize, ChunkWriter writer, Target target) throws Exception {
        WriteBufferBenchmark benchmark = new WriteBufferBenchmark();
        benchmark.bufferSize = bufferSize;
        benchmark.writer = writer;
        benchmark.target = target;
        benchmark.createFixtures();
        return benchmark;
    }

    @ParameterizedTest(name = "{1} with {0}-byte calls writes the 1,000,000 bytes exactly")
    @CsvSource({
        "1, FILE_OUTPUT_STREAM", "1, NATIVE_WRITE",
        "2, FILE_OUTPUT_STREAM", "2, NATIVE_WRITE",
        "4, FILE_OUTPUT_STREAM", "4, NATIVE_WRITE",
        "10, FILE_OUTPUT_STREAM", "10, NATIVE_WRITE",
        "1000, FILE_OUTPUT_STREAM", "1000, NATIVE_WRITE",
        "8192, FILE_OUTPUT_STREAM", "8192, NATIVE_WRITE",
    })
    void writesTheWholeFileByteForByte(int bufferSize, ChunkWriter writer) throws Exception {
        WriteBufferBenchmark benchmark = benchmark(bufferSize, writer, Target.FRESH);

        benchmark.prepareTarget();
        int calls = benchmark.write();

        assertThat(Files.readAllBytes(benchmark.targetPath())).isEqualTo(benchmark.expectedBytes());
        assertThat(benchmark.expectedBytes()).hasSize(WriteBufferBenchmark.FILE_SIZE);
        assertThat(calls).isEqualTo((WriteBufferBenchmark.FILE_SIZE + bufferSize - 1) / bufferSize);
    }

    @ParameterizedTest(name = "{0}: every operation creates the file anew")
    @EnumSource(ChunkWriter.class)
    void freshRemovesThePreviousFileBeforeEveryOperation(ChunkWriter writer) throws Exception {
        WriteBufferBenchmark benchmark = benchmark(8192, writer, Target.FRESH);
        Path file = benchmark.targetPath();

        for (int operation = 0; operation < 3; operation++) {
            benchmark.prepareTarget();
            assertThat(file).as("target before operation %d", operation).doesNotExist();
            benchmark.write();
            assertThat(Files.readAllBytes(file)).isEqualTo(benchmark.expectedBytes());
        }
    }

    @ParameterizedTest(name = "{0}: every operation truncates and rewrites the previous file")
    @EnumSource(ChunkWriter.class)
    void truncateKeepsThePreviousFileForTheOperationToTruncate(ChunkWriter writer) throws Exception {
        WriteBufferBenchmark benchmark = benchmark(8192, writer, Target.TRUNCATE);
        Path file = benchmark.targetPath();
        benchmark.prepareTarget();
        benchmark.write();
        Object inode = Files.readAttributes(file, "unix:ino").get("ino");

        for (int operation = 1; operation < 3; operation++) {
            benchmark.prepareTarget();
            assertThat(Files.size(file))
                    .as("target before operation %d", operation)
                    .isEqualTo(WriteBufferBenchmark.FILE_SIZE);
            benchmark.write();
            assertThat(Files.readAllBytes(file)).isEqualTo(benchmark.expectedBytes());
            assertThat(Files.readAttributes(file, "unix:ino").get("ino"))
                    .as("same file")
                    .isEqualTo(inode);
        }
    }
}
