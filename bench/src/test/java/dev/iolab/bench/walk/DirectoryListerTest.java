package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryListerTest {

    @TempDir
    Path directory;

    /**
     * The first subdirectory handed on deletes all its siblings, which the directory stream has already read (50
     * short names fit in one getdents buffer): each of them then vanishes between listing and lstat.
     */
    @Test
    void countsEntriesThatVanishMidListingAsErrors() throws IOException {
        List<Path> siblings = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            siblings.add(Files.createDirectory(directory.resolve("s" + i)));
        }
        WalkTally tally = new WalkTally();
        List<Path> handedOn = new ArrayList<>();

        DirectoryLister.list(directory, tally, subdirectory -> {
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

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
