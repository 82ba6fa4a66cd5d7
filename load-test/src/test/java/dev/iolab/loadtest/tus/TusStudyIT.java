package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.RepositoryPaths;
import dev.iolab.stack.RequiredTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tus study end to end at its smallest, as {@code scripts/tus-study.sh} runs it: real Azurite, the real service jar,
 * real tusd (built with go install when missing), Debian's HAProxy, tus-java-client; then the report read back from its
 * data file. Without go (and no tusd built) it is skipped on a developer's machine and fails under CI.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class TusStudyIT {

    @TempDir
    Path dir;

    @Test
    void aTinyStudyComparesTheServersVerifiesEveryBlobAndWritesItsDataAndReport() throws Exception {
        RequiredTools.require(ExternalTool.HAPROXY);
        RequiredTools.require(ExternalTool.NGINX);
        requireGoOrTusd();
        Path report = dir.resolve("tus-study.md");

        TusStudy.main(tinyStudy(report));

        TusResult result = TusResult.read(dir.resolve("tus-study.json"));
        assertEveryServerStoredEveryUploadByteExact(result);
        TusResult.CutRun iolab = result.cuts().getFirst();
        assertThat(iolab.relayBytes() - iolab.fileBytes()).as("re-sent").isLessThanOrEqualTo(3L * 8 * 1024 * 1024);
        assertThat(result.balancer())
                .extracting(TusResult.Balanced::server)
                .containsExactly("iolab", "iolab-front", "tusd");
        for (TusResult.Balanced pair : result.balancer().subList(0, 2)) {
            assertThat(pair.kill().verified())
                    .as("%s resumed after the kill", pair.server())
                    .isTrue();
            assertThat(pair.race().answers())
                    .extracting(TusResult.Answer::status)
                    .as("%s: one PATCH taken, the other refused (423 while the first writes, 409 after)", pair.server())
                    .contains(204)
                    .containsAnyOf(409, 423);
        }
        assertThat(Files.readString(report))
                .isEqualTo(TusStudyReport.markdown(result))
                .contains(
                        "| iolab | ",
                        "| iolab + nginx front | ",
                        "| tusd | ",
                        "| **iolab ÷ tusd** | ×",
                        "| **iolab + nginx front ÷ tusd** | ×");
    }

    @Test
    void withTusJsClientTheTimedPartsAreSentUnderNodeAndEveryBlobIsByteExact() throws Exception {
        RequiredTools.require(ExternalTool.NGINX);
        requireGoOrTusd();
        Path report = dir.resolve("tus-study-js.md");

        TusStudy.main(tinyStudy(report, "--client", "js", "--balancer", "off"));

        TusResult result = TusResult.read(dir.resolve("tus-study-js.json"));
        assertThat(result.setup().client()).startsWith("tus-js-client ");
        assertEveryServerStoredEveryUploadByteExact(result);
        assertThat(Files.readString(report)).contains("under node");
    }

    /** The study at its smallest: 3 uploads of 1 MiB, one of 24 MiB cut, one repetition, then {@code more}. */
    private static String[] tinyStudy(Path report, String... more) {
        List<String> args = new ArrayList<>(
                List.of("--uploads", "3", "--size-mb", "1", "--big-mb", "24", "--reps", "1", "--warm-up", "1"));
        args.addAll(List.of(more));
        args.addAll(List.of("--output", report.toString()));
        return args.toArray(String[]::new);
    }

    /** Every server ran its burst of three and its cut upload, and every blob read back byte-exact. */
    private static void assertEveryServerStoredEveryUploadByteExact(TusResult result) {
        assertThat(result.bursts()).extracting(TusResult.Burst::server).containsExactly("iolab", "iolab-front", "tusd");
        assertThat(result.bursts()).allSatisfy(b -> assertThat(b.verified()).isEqualTo(3));
        assertThat(result.cuts()).allSatisfy(c -> {
            assertThat(c.cutsDone()).isEqualTo(3);
            assertThat(c.verified()).as("%s's cut upload read back", c.server()).isTrue();
        });
    }

    /** tusd can be had: built already, or go is there to build it. */
    private static void requireGoOrTusd() {
        if (Files.isExecutable(RepositoryPaths.root().resolve("target/tusd-bin/tusd"))
                || Tusd.go().isPresent()) {
            return;
        }
        String missing = "go is needed to build tusd " + Tusd.VERSION + " and is not installed";
        if (ExternalTool.ciRequiresTools()) {
            fail(missing + " (CI is set, so this test must not be skipped)");
        }
        abort(missing + " — skipping this test on a developer machine");
    }
}
