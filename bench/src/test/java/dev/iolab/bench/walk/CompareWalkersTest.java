package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareWalkersTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return CompareWalkers.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void printsARowPerWalkerWithItsCountOfMeasuredWalks() throws IOException {
        TreeGenerator.generate(directory, new TreeSpec(40, 2, 2, 0, 100, 1), done -> {});

        int status = run(directory.toString(), "4", "NATIVE:2", "fork_join:2:full_path", "FIXED_POOL:3:ffm");

        assertThat(status).as("stderr: %s", err).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .hasSize(5)
                .element(2)
                .asString()
                .startsWith("| NATIVE 2 | 2 | ")
                .endsWith(" | 1.00 |");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("| FORK_JOIN 2 FULL_PATH | 2 | ", "| FIXED_POOL 3 FFM | 2 | ")
                .contains(" | – |");
    }

    @Test
    void rejectsBadUsage() {
        assertThat(run(directory.toString(), "2", "NATIVE:2")).isEqualTo(2);
        assertThat(run(directory.toString(), "5", "NATIVE")).isEqualTo(2);
        assertThat(run(directory.toString(), "5", "TELEPATHY:2")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("warm-up", "WALKER:THREADS[:LISTING]")
                .doesNotContain("Exception");
    }

    @Test
    void dividesEachMedianByTheNativeMedianAtTheSameThreads() {
        Map<CompareWalkers.Contender, CompareWalkers.Times> times = new LinkedHashMap<>();
        times.put(
                new CompareWalkers.Contender(WalkerKind.NATIVE, 2, Listing.RELATIVE),
                new CompareWalkers.Times(List.of(0.5, 0.4, 0.6), List.of(1.0, 1.0, 1.0)));
        times.put(
                new CompareWalkers.Contender(WalkerKind.FORK_JOIN, 2, Listing.RELATIVE),
                new CompareWalkers.Times(List.of(0.6, 0.7, 0.65), List.of(1.2, 1.3, 1.25)));

        assertThat(CompareWalkers.table(times)).contains("| FORK_JOIN 2 RELATIVE | 3 | 0.650 | 0.600 | 1.250 | 1.30 |");
    }
}
