package dev.iolab.jmh.analysis.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {

    @TempDir
    Path dir;

    @Test
    void readsCostAndHeadlineLines() {
        Profile profile = Profile.parse(
                "p",
                List.of(
                        "run a: X -p n=1,2 -f 5 -wi 1 -i 5",
                        "run b: Y -f 1 -wi 0 -i 1",
                        "cost a: op=2s fork=500ms once=10s",
                        "headline: a"));

        PlannedRun a = profile.runs().get(0);
        assertThat(a.operation()).isEqualTo(Duration.ofSeconds(2));
        assertThat(a.forkSetup()).isEqualTo(Duration.ofMillis(500));
        assertThat(a.onceSetup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(a.headline()).isTrue();
        assertThat(profile.runs().get(1).headline()).isFalse();
        assertThat(profile.headlineRuns()).containsExactly("X -p n=1,2 -f 5 -wi 1 -i 5");
        assertThat(profile.estimate())
                .isEqualTo(a.estimate().plus(profile.runs().get(1).estimate()));
    }

    @Test
    void refusesAHeadlineRunWithTooFewForksOrIterations() {
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 2 -wi 1 -i 10", "headline: a")))
                .hasMessageContaining("line 2: headline run a gives each cell 2 fork(s) of 10 measured iterations; a"
                        + " headline cell needs at least 5 forks (for a confidence interval over forks) of at least 5"
                        + " iterations (to check each fork for drift)");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 8 -wi 1 -i 4", "headline: a")))
                .hasMessageContaining("gives each cell 8 fork(s) of 4 measured iterations");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 5 -wi 1 -i 5", "headline: b")))
                .hasMessageContaining("line 2: headline names unknown run b");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 5 -wi 1 -i 5", "cost a: speed=2")))
                .hasMessageContaining("cost knows op=, fork= and once=, not speed=");
    }

    @Test
    void readsInterleavedRunsTheirSeedAndCellsWithTheirOwnTolerance() {
        Profile profile = Profile.parse(
                "p",
                List.of(
                        "run a: com.x.A.a -p s=1,2 -p m=X,Y -f 7 -wi 1 -i 5 -r 100ms",
                        "run b: com.x.B.b -p t=1 -f 5 -wi 1 -i 5 -r 100ms",
                        "run c: com.x.C.c -f 1 -wi 1 -i 3",
                        "headline: a, b",
                        "interleave: a, b",
                        "seed: 42",
                        "tolerance a: m=Y",
                        "tolerance b:"));

        assertThat(profile.seed()).isEqualTo(42L);
        assertThat(profile.interleaved()).extracting(PlannedRun::label).containsExactly("a", "b");
        assertThat(profile.runs().get(2).interleaved()).isFalse();
        assertThat(profile.ownTolerance())
                .as("the run's cells, narrowed to those named; none named: all of them")
                .containsExactly("com.x.A.a -p s=1,2 -p m=Y", "com.x.B.b -p t=1");
        PlannedRun a = profile.runs().get(0);
        assertThat(a.parameterCombinations()).hasSize(4).contains(java.util.Map.of("s", "2", "m", "X"));
        assertThat(a.estimate())
                .as("each of its 4 × 7 units: a fork plus the unit's overhead, no JMH start of its own")
                .isEqualTo(a.unitEstimate().multipliedBy(28));
        assertThat(profile.estimate())
                .as("the host starts once for all interleaved runs")
                .isEqualTo(a.estimate()
                        .plus(profile.runs().get(1).estimate())
                        .plus(profile.runs().get(2).estimate())
                        .plus(ReferenceHost.MEASURED.runStart()));
        assertThat(Profile.parse("p", List.of("run a: X -f 1 -wi 1 -i 3", "seed: random"))
                        .seed())
                .isNull();
        assertThat(profile.only(List.of("b")).ownTolerance()).containsExactly("com.x.B.b -p t=1");
        assertThat(profile.only(List.of("a")).ownTolerance()).hasSize(1);
    }

    @Test
    void explainsWhatIsWrongWithInterleavingSeedOrTolerance() {
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 1 -wi 1 -i 3", "interleave: b")))
                .hasMessageContaining("line 2: interleave names unknown run b");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 1 -wi 1 -i 3", "seed: soon")))
                .hasMessageContaining("line 2: seed needs a whole number or \"random\", got soon");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -p s=1 -f 1 -wi 1 -i 3", "tolerance a: s=1")))
                .hasMessageContaining("tolerance names run a, which is not a headline run");
        assertThatThrownBy(() -> Profile.parse(
                        "p", List.of("run a: X -p s=1,2 -f 5 -wi 1 -i 5", "headline: a", "tolerance a: s=3")))
                .hasMessageContaining("tolerance a: s=3 is not among the run's cells (s=1,2)");
    }

    @Test
    void readsAProfileFile() throws Exception {
        Files.writeString(
                dir.resolve("mine.profile"),
                String.join(
                        "\n",
                        "# my runs",
                        "description: two runs",
                        "expected: 1 minute",
                        "run a: CopyBenchmark -p fileSizeKb=64 -f 1 -wi 0 -i 1",
                        "run b: WriteBufferBenchmark -p bufferSize=1,2 -f 1 -wi 1 -i 1 -jvmArgs '-Xmx1g -Xms1g'"));

        Profile profile = Profile.load("mine.profile", dir, List.of());

        assertThat(profile.name()).isEqualTo("mine");
        assertThat(profile.runs()).extracting(PlannedRun::label).containsExactly("a", "b");
        assertThat(profile.runs().get(1).jmhArgs()).contains("-Xmx1g -Xms1g");
        assertThat(profile.iterations()).isEqualTo(1 + 2 * 2);
        assertThat(profile.only(List.of("b")).runs())
                .extracting(PlannedRun::label)
                .containsExactly("b");
    }

    @Test
    void findsANamedProfileOnTheBenchmarksClasspathInADirectoryOrAJar() throws Exception {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve(Profile.RESOURCE_DIRECTORY));
        Files.writeString(
                classes.resolve(Profile.RESOURCE_DIRECTORY + "quick.profile"),
                "description: from the classes\nrun a: X -f 1 -wi 0 -i 1\n");
        Path jar = dir.resolve("other.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(Profile.RESOURCE_DIRECTORY + "nightly.profile"));
            out.write("run b: Y -f 2 -wi 1 -i 5\nrun c: Z -f 1 -wi 0 -i 1\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            out.putNextEntry(new JarEntry(Profile.RESOURCE_DIRECTORY + "quick.profile"));
            out.write("run shadowed: W -f 1 -wi 0 -i 1\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        List<Path> classpath = List.of(classes, jar);

        assertThat(Profile.load("quick", dir, classpath).description()).isEqualTo("from the classes");
        assertThat(Profile.load("nightly", dir, classpath).runs())
                .extracting(PlannedRun::label)
                .containsExactly("b", "c");
        assertThat(Profile.names(classpath)).containsExactly("nightly", "quick");
    }

    @Test
    void explainsWhatIsWrong() throws Exception {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve(Profile.RESOURCE_DIRECTORY));
        for (String name : List.of("quick", "standard", "full")) {
            Files.writeString(
                    classes.resolve(Profile.RESOURCE_DIRECTORY + name + ".profile"),
                    "run copy: X -f 1 -wi 0 -i 1\nrun writebuffer: Y -f 1 -wi 0 -i 1\n");
        }
        List<Path> classpath = List.of(classes);

        assertThatThrownBy(() -> Profile.load("fastest", dir, classpath))
                .hasMessageContaining("Unknown profile \"fastest\": use one of full, quick, standard, or the path of a"
                        + " profile file (no file at " + dir.resolve("fastest") + ")");
        assertThatThrownBy(() -> Profile.load("quick", dir, List.of()))
                .hasMessageContaining("Unknown profile \"quick\": use the path of a profile file (the project ships no"
                        + " META-INF/jmh-profiles/*.profile)");
        assertThatThrownBy(() -> Profile.parse("p", List.of("description: x")))
                .hasMessageContaining("has no \"run <label>: ...\" line");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 1 -wi 0 -i 1", "speed: max")))
                .hasMessageContaining("line 2: unknown key speed");
        assertThatThrownBy(() -> Profile.load("quick", dir, classpath).only(List.of("nope")))
                .hasMessageContaining("has no run nope; its runs are copy, writebuffer");
    }
}
