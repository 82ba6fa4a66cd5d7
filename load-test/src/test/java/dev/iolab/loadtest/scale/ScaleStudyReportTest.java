package dev.iolab.loadtest.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scale report states each claim as met or not from what a run saw. */
class ScaleStudyReportTest {

    @TempDir
    Path dir;

    static ScaleResult.RunInfo run() {
        return new ScaleResult.RunInfo(
                "scripts/scale-study.sh",
                "2026-11-27T06:00:00Z",
                "2026-11-27T06:05:00Z",
                300,
                "2 cores, 24 GiB RAM, Linux 6.1",
                "OpenJDK 25",
                "0.5, 0.4, 0.3",
                "3.0, 2.0, 1.0",
                3.5,
                2,
                "-Xmx512m -XX:+ExitOnOutOfMemoryError",
                "temp-file",
                2,
                5,
                14,
                1,
                "HAProxy version 2.6.12");
    }

    static List<ScaleResult.Upload> uploads(String prefix, int stored, int refused, int failed, String failedOn) {
        List<ScaleResult.Upload> uploads = new ArrayList<>();
        int i = 0;
        for (int k = 0; k < stored; k++, i++) {
            uploads.add(upload(prefix, i, k % 2 == 0 ? "replica-1" : "replica-2", 201, null, null));
        }
        for (int k = 0; k < refused; k++, i++) {
            uploads.add(upload(prefix, i, k % 2 == 0 ? "replica-1" : "replica-2", 503, "queue-full", null));
        }
        for (int k = 0; k < failed; k++, i++) {
            uploads.add(upload(prefix, i, failedOn, 502, null, null));
        }
        return uploads;
    }

    static ScaleResult.Upload upload(String prefix, int i, String replica, int status, String problem, String error) {
        return new ScaleResult.Upload(
                prefix + i + ".bin", "127.0.1." + (i + 1), replica, status, problem, error, 0, 1000);
    }

    static ScaleResult.Audit clean(int stored) {
        return new ScaleResult.Audit(stored, stored, 0, 0, List.of(), List.of(), List.of());
    }

    @Test
    void aCleanRunMeetsEveryClaim() throws Exception {
        ScaleResult.BurstResult first =
                new ScaleResult.BurstResult("a-", uploads("a-", 10, 4, 0, null), clean(10), 12.5);
        ScaleResult.BurstResult killed =
                new ScaleResult.BurstResult("b-", uploads("b-", 7, 4, 3, "replica-1"), clean(7), 14.0);
        List<ScaleResult.Upload> after = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            after.add(upload("after-", i, "replica-2", 201, null, null));
        }
        ScaleResult.KillRun kill = new ScaleResult.KillRun(
                killed,
                "replica-1",
                2.5,
                2,
                1.4,
                0,
                new ScaleResult.BurstResult("after-", after, clean(3), 1.0),
                List.of(new ScaleResult.Grant("grant-0.bin", 201, 201, 201, null, "replica-2")),
                clean(1));
        Path report = dir.resolve("scale-study.md");

        ScaleStudyReport.write(new ScaleResult(run(), first, kill), report);

        String md = Files.readString(report);
        assertThat(md)
                .contains("# Scale study: 2 replicas behind HAProxy")
                .contains("| **all** | 10 | 4 | 14 |")
                .contains(
                        "**Met.** Of 14 simultaneous uploads, 10 were taken and 4 refused with 503 (expected 10 and 4:"
                                + " 2 × capacity 5).")
                .contains("**Met.** Every upload answered 201 is stored byte-exact (10 of 10 by MD5)")
                .contains("**Met.** HAProxy took the killed replica out after 1.40 s")
                .contains("**Met.** HAProxy sent the killed replica 0 connections once it was DOWN.")
                .contains("**Met.** The killed replica's 3 uploads in flight failed (502=3) and left no partial blob")
                .contains("**Met.** 3 of 3 new uploads after the kill were stored byte-exact, none sent to the killed"
                        + " replica.")
                .contains("| grant-0.bin | 201 | 201 | 201 | replica-2 |")
                .contains("**Met.** 1 of 1 uploads granted by the killed replica were completed by another one.");
        assertThat(md).doesNotContain("Not met");
    }

    @Test
    void saysWhatWasNotMet() throws Exception {
        ScaleResult.Audit partial =
                new ScaleResult.Audit(9, 8, 1, 0, List.of(), List.of("a-12.bin"), List.of("a-13.bin"));
        ScaleResult.BurstResult first = new ScaleResult.BurstResult("a-", uploads("a-", 9, 5, 0, null), partial, 12.5);
        ScaleResult.KillRun kill = new ScaleResult.KillRun(
                new ScaleResult.BurstResult(
                        "b-",
                        uploads("b-", 7, 4, 3, "replica-1"),
                        new ScaleResult.Audit(7, 7, 0, 0, List.of("b-11.bin"), List.of(), List.of()),
                        14.0),
                "replica-1",
                2.5,
                2,
                null,
                4,
                null,
                List.of(new ScaleResult.Grant("grant-0.bin", 201, 201, 404, "grant-not-found", "replica-2")),
                new ScaleResult.Audit(0, 0, 0, 0, List.of(), List.of(), List.of("grant-0.bin")));
        Path report = dir.resolve("scale-study.md");

        ScaleStudyReport.write(new ScaleResult(run(), first, kill), report);

        assertThat(Files.readString(report))
                .contains("**Not met.** Of 14 simultaneous uploads, 9 were taken and 5 refused")
                .contains(
                        "; but 1 stored with other bytes, 1 partial blobs of uploads not answered 201, 1 left in staging.")
                .contains("**Not met.** HAProxy took the killed replica out not within 15 s")
                .contains("**Not met.** HAProxy sent the killed replica 4 connections once it was DOWN.")
                .contains("**Met.** The killed replica's 3 uploads in flight failed (502=3) and left no partial blob")
                .contains("**Note.** 1 uploads are stored whole although their clients were told they failed")
                .contains("| grant-0.bin | 201 | 201 | 404 grant-not-found | replica-2 |")
                .contains("**Not met.** 0 of 1 uploads granted by the killed replica were completed by another one;"
                        + " but 1 left in staging.");
    }
}
