package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeGeneratorTest {

    @TempDir
    Path directory;

    @Test
    void writesTheSpecifiedShapeWithExactTotals() throws IOException {
        TreeSpec spec = new TreeSpec(100, 2, 3, 10, 20, 7);

        TreeSummary summary = TreeGenerator.generate(directory.resolve("t"), spec, done -> {});

        assertThat(summary.files()).isEqualTo(100);
        assertThat(summary.directories()).isEqualTo(1 + 3 + 9).isEqualTo(spec.directories());
        assertThat(listing(directory.resolve("t")))
                .filteredOn(Files::isRegularFile)
                .hasSize(100)
                .allSatisfy(file -> assertThat(Files.size(file)).isBetween(10L, 20L));
        assertThat(listing(directory.resolve("t")).stream()
                        .filter(Files::isRegularFile)
                        .mapToLong(WalkersTestSupport::size)
                        .sum())
                .isEqualTo(summary.bytes());
        assertThat(directory.resolve("t/d2/d2")).isDirectory();
    }

    @Test
    void sameSpecSameTree() throws IOException {
        TreeSpec spec = new TreeSpec(50, 1, 4, 0, 2048, 99);

        TreeSummary first = TreeGenerator.generate(directory.resolve("a"), spec, done -> {});
        TreeSummary second = TreeGenerator.generate(directory.resolve("b"), spec, done -> {});

        assertThat(second).isEqualTo(first);
        for (int i = 0; i < 50; i++) {
            String name = "f" + i;
            assertThat(WalkersTestSupport.size(find(directory.resolve("a"), name)))
                    .isEqualTo(WalkersTestSupport.size(find(directory.resolve("b"), name)));
        }
    }

    @Test
    void plansExactlyTheTotalsItWrites() throws IOException {
        TreeSpec spec = new TreeSpec(333, 3, 3, 5, 1500, 11);

        assertThat(TreeGenerator.plan(spec)).isEqualTo(TreeGenerator.generate(directory.resolve("t"), spec, d -> {}));
    }

    /** The tree dirsize is timed against diskus on: 498,601 files of 0–2 kB in 3,906 directories. */
    @Test
    void halfMillionPresetHasTheShapeDiskusIsTimedOn() {
        TreeSpec spec = TreeSpec.PRESETS.get("half-million");

        assertThat(spec).isEqualTo(TreeSpec.HALF_MILLION);
        assertThat(spec.fanOut()).isEqualTo(5);
        assertThat(spec.depth()).isEqualTo(5);
        assertThat(spec.minSize()).isZero();
        assertThat(spec.maxSize()).isEqualTo(2048);
        assertThat(TreeGenerator.plan(spec)).isEqualTo(new TreeSummary(510_064_766L, 498_601, 3_906));
    }

    @Test
    void presetsKeepTheCacheNamesOfTheOptionsTheyReplace() {
        assertThat(TreeSpec.PRESETS).containsOnlyKeys("default", "half-million", "original");
        assertThat(TreeSpec.PRESETS.get("default")).isEqualTo(TreeSpec.DEFAULT);
        assertThat(TreeSpec.ORIGINAL.cacheName())
                .isEqualTo("files2835154-depth5-fanout6-size0-2048-seed" + TreeSpec.DEFAULT.seed());
    }

    @Test
    void refusesANonEmptyDirectory() throws IOException {
        Files.createDirectories(directory.resolve("full"));
        Files.writeString(directory.resolve("full/keep"), "mine");

        assertThatThrownBy(() ->
                        TreeGenerator.generate(directory.resolve("full"), new TreeSpec(1, 0, 1, 0, 0, 1), done -> {}))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Not an empty directory");
        assertThat(directory.resolve("full/keep")).hasContent("mine");
    }

    @Test
    void rejectsImpossibleSpecs() {
        assertThatThrownBy(() -> new TreeSpec(-1, 5, 6, 0, 1, 1)).hasMessageContaining("files");
        assertThatThrownBy(() -> new TreeSpec(1, 5, 0, 0, 1, 1)).hasMessageContaining("fan-out");
        assertThatThrownBy(() -> new TreeSpec(1, 5, 6, 10, 9, 1)).hasMessageContaining("min-size");
        assertThatThrownBy(() -> new TreeSpec(1, 40, 10, 0, 1, 1)).hasMessageContaining("directories");
    }

    private static List<Path> listing(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.toList();
        }
    }

    private static Path find(Path root, String name) throws IOException {
        return listing(root).stream()
                .filter(p -> p.getFileName().toString().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
