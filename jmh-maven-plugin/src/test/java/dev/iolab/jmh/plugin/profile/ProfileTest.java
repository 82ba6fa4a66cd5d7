package dev.iolab.jmh.plugin.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {

    @TempDir
    Path dir;

    @Test
    void everyBuiltInProfileRunsAllFourBenchmarksWithCountableSettings() throws Exception {
        for (String name : Profile.BUILT_IN) {
            Profile profile = Profile.load(name, dir);
            String all = profile.runs().stream()
                    .map(r -> String.join(" ", r.jmhArgs()))
                    .reduce("", String::concat);
            assertThat(all)
                    .as(name)
                    .contains(
                            "CopyBenchmark",
                            "WriteBufferBenchmark",
                            "ZeroCopyBenchmark",
                            "DirectoryWalkBenchmark",
                            "-prof gc",
                            "-prof dev.iolab.bench.profile.SyscallProfiler");
            assertThat(profile.runs())
                    .as(name + ": benchmarks named in full, so that CopyBenchmark is not also" + " ZeroCopyBenchmark")
                    .allSatisfy(r -> assertThat(r.jmhArgs().get(0)).startsWith("dev.iolab.bench."));
            assertThat(profile.description()).as(name).isNotBlank();
            assertThat(profile.expected()).as(name).isNotBlank();
        }
    }

    @Test
    void quickIsSmallerThanStandardWhichIsSmallerThanFull() throws Exception {
        long quick = Profile.load("quick", dir).nominalDuration().toSeconds();
        long standard = Profile.load("standard", dir).nominalDuration().toSeconds();
        long full = Profile.load("full", dir).nominalDuration().toSeconds();

        assertThat(quick).isLessThan(standard).isLessThan(240);
        assertThat(standard).isLessThan(full);
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

        Profile profile = Profile.load("mine.profile", dir);

        assertThat(profile.name()).isEqualTo("mine");
        assertThat(profile.runs()).extracting(PlannedRun::label).containsExactly("a", "b");
        assertThat(profile.runs().get(1).jmhArgs()).contains("-Xmx1g -Xms1g");
        assertThat(profile.iterations()).isEqualTo(1 + 2 * 2);
        assertThat(profile.only(List.of("b")).runs())
                .extracting(PlannedRun::label)
                .containsExactly("b");
    }

    @Test
    void explainsWhatIsWrong() throws Exception {
        assertThatThrownBy(() -> Profile.load("fastest", dir))
                .hasMessageContaining("Unknown profile \"fastest\": use one of quick, standard, full");
        assertThatThrownBy(() -> Profile.parse("p", List.of("description: x")))
                .hasMessageContaining("has no \"run <label>: ...\" line");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 1 -wi 0 -i 1", "speed: max")))
                .hasMessageContaining("line 2: unknown key speed");
        assertThatThrownBy(() -> Profile.load("quick", dir).only(List.of("nope")))
                .hasMessageContaining("has no run nope; its runs are copy, writebuffer");
    }
}
