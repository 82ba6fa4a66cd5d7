package dev.iolab.bench.nativetools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Records of timed native tools, written beside result files for the report's tests. */
public final class NativeToolsRecords {

    private NativeToolsRecords() {}

    /**
     * {@code cp} timed on 300 MiB (best of 3: 0.120 s), a cold read of it by {@code dd} (0.200 s: 1,500 MB/s),
     * {@code diskus} absent, tree of the 200,000-file walk.
     */
    public static void writeCpTimedAndDiskusAbsent(Path resultFile) throws IOException {
        new NativeToolsRecord(
                        "",
                        "",
                        "2026-11-24T10:30:00Z",
                        300L << 20,
                        "/tmp/iolab-walk-trees/files200000",
                        List.of(
                                new NativeTools.Timing(
                                        "cp",
                                        "copy 300 MiB, fresh target, source cached",
                                        "/usr/bin/cp /tmp/iolab-native-tools-1/source.bin"
                                                + " /tmp/iolab-native-tools-1/target.bin",
                                        true,
                                        0.120,
                                        List.of(0.125, 0.120, 0.130),
                                        ""),
                                new NativeTools.Timing(
                                        "dd",
                                        NativeTools.COLD_READ
                                                + " 300 MiB, the source's page cache dropped before each run",
                                        "/usr/bin/dd if=/tmp/iolab-native-tools-1/source.bin of=/dev/null bs=1M status=none",
                                        true,
                                        0.200,
                                        List.of(0.210, 0.200, 0.205),
                                        ""),
                                new NativeTools.Timing(
                                        "diskus",
                                        "size of the walk's tree",
                                        "",
                                        false,
                                        Double.NaN,
                                        List.of(),
                                        "not on PATH")),
                        List.of())
                .writeFor(resultFile);
    }
}
