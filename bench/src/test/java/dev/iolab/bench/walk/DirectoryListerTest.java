package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DirectoryListerTest {

    @TempDir
    Path directory;

    /**
     * The first subdirectory handed on deletes all its siblings, which the directory stream has already read (50
     * short names fit in one getdents buffer): each of them then vanishes between listing and lstat. (The FFM
     * listing needs no lstat for a directory; {@code NativeDirectoriesTest} makes its entries vanish.)
     */
    @ParameterizedTest
    @EnumSource(
            value = Listing.class,
            names = {"RELATIVE", "FULL_PATH"})
    void countsEntriesThatVanishMidListingAsErrors(Listing listing) throws IOException {
        List<Path> siblings = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            siblings.add(Files.createDirectory(directory.resolve("s" + i)));
        }
        WalkTally tally = new WalkTally();
        List<Path> handedOn = new ArrayList<>();

        new DirectoryLister(listing).list(directory, tally, subdirectory -> {
            if (handedOn.isEmpty()) {
                siblings.stream().filter(s -> !s.equals(subdirectory)).forEach(DirectoryListerTest::delete);
            }
            handedOn.add(subdirectory);
        });

        WalkResult result = tally.result();
        assertThat(handedOn).hasSize(1);
        assertThat(result.errors()).isEqualTo(49);
        assertThat(result.errorSamples())
                .hasSize(WalkTally.MAX_ERROR_SAMPLES)
                .allSatisfy(sample -> assertThat(sample).contains("NoSuchFileException"));
        assertThat(result.directories()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Listing.class)
    void handsOnSubdirectoriesAsFullPathsAndCountsOnlyRegularFiles(Listing listing) throws IOException {
        Files.createDirectory(directory.resolve("sub"));
        Files.writeString(directory.resolve("a"), "123");
        Files.writeString(directory.resolve("b"), "4567");
        Files.createSymbolicLink(directory.resolve("link"), directory.resolve("a"));
        Files.createSymbolicLink(directory.resolve("dir-link"), directory.resolve("sub"));
        WalkTally tally = new WalkTally();
        List<Path> handedOn = new ArrayList<>();

        new DirectoryLister(listing).list(directory, tally, handedOn::add);

        assertThat(handedOn).containsExactly(directory.resolve("sub"));
        assertThat(tally.result()).isEqualTo(new WalkResult(7, 2, 1, 0, List.of()));
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
