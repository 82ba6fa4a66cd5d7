package dev.iolab.jmh.analysis.environment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The source tree's state, from a real git repository made for the test. */
class SourceTreeTest {

    @TempDir
    Path repo;

    @BeforeEach
    void commitOneFile() throws Exception {
        git("init", "-q");
        git("config", "user.email", "test@example.com");
        git("config", "user.name", "Test");
        Files.writeString(repo.resolve(".gitignore"), "target/\n");
        Files.createDirectories(repo.resolve("bench/src"));
        Files.writeString(repo.resolve("bench/src/Bench.java"), "class Bench {}\n");
        git("add", ".");
        git("commit", "-q", "-m", "first");
    }

    @Test
    void aCommittedTreeIsClean() {
        SourceTree tree = SourceTree.inspect(repo.resolve("bench"), List.of());

        assertThat(tree.dirty()).isFalse();
        assertThat(tree.revision()).matches("[0-9a-f]{12}");
        assertThat(tree.changed()).isEmpty();
    }

    @Test
    void aModifiedOrUntrackedFileMakesItDirtyAndIsNamed() throws Exception {
        Files.writeString(repo.resolve("bench/src/Bench.java"), "class Bench { int x; }\n");
        Files.writeString(repo.resolve("bench/src/New.java"), "class New {}\n");

        SourceTree tree = SourceTree.inspect(repo.resolve("bench"), List.of());

        assertThat(tree.isDirty()).isTrue();
        assertThat(tree.revision()).endsWith("-dirty");
        assertThat(tree.changed()).containsExactlyInAnyOrder("bench/src/Bench.java", "bench/src/New.java");
        assertThat(tree.refusal("Profile standard would measure"))
                .startsWith("Profile standard would measure on a modified source tree (")
                .contains("bench/src/Bench.java")
                .contains("-Djmh.allowDirty=true");
    }

    @Test
    void theRunsOwnOutputsAndIgnoredFilesDoNotCount() throws Exception {
        Files.createDirectories(repo.resolve("docs/results"));
        Files.writeString(repo.resolve("docs/results/report.md"), "# report\n");
        Files.createDirectories(repo.resolve("bench/target"));
        Files.writeString(repo.resolve("bench/target/jmh-result.json"), "[]");

        SourceTree tree = SourceTree.inspect(repo.resolve("bench"), List.of(repo.resolve("docs/results")));

        assertThat(tree.dirty()).isFalse();
    }

    @Test
    void outsideGitTheStateIsUnknownNotDirty() throws Exception {
        Path plain = Files.createTempDirectory("no-git");
        try {
            SourceTree tree = SourceTree.inspect(plain, List.of());
            assertThat(tree.dirty()).isNull();
            assertThat(tree.isDirty()).isFalse();
            assertThat(tree.revision()).isEmpty();
        } finally {
            Files.delete(plain);
        }
    }

    private void git(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process p =
                new ProcessBuilder(command).directory(repo.toFile()).inheritIO().start();
        assertThat(p.waitFor()).as(String.join(" ", command)).isZero();
    }
}
