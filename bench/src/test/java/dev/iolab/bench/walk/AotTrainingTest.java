package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AotTrainingTest {

    @TempDir
    Path directory;

    /** The training walks with every walker and listing, and only returns if all of them agree. */
    @Test
    void walksWithEveryWalkerAndListingAndReturnsTheirCommonTotals() throws IOException {
        TreeSummary summary = TreeGenerator.generate(directory, new TreeSpec(50, 2, 2, 0, 300, 4), done -> {});

        assertThat(AotTraining.train(directory))
                .isEqualTo(new WalkResult(summary.bytes(), summary.files(), summary.directories(), 0, List.of()));
    }
}
