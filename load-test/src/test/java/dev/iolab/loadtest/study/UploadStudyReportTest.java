package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UploadStudyReportTest {

    @TempDir
    Path dir;

    @Test
    void writesTablesChartsAndTheOriginalFiguresFromTheCellsTheScriptLeft() throws Exception {
        Path study = dir.resolve("study");
        Files.createDirectories(study.resolve("cells"));
        Files.writeString(study.resolve("study.properties"), """
        command=scripts/upload-study.sh --strategies on-demand,in-memory
        startedUtc=2026-11-22T06:00:00Z
        finishedUtc=2026-11-22T06:10:00Z
        durationSeconds=600
        cores=2
        memory=24 GiB
        uname=6.18
        java=OpenJDK 25
        loadBefore=3.1, 2.0, 1.5
        loadAfter=4.0, 3.0, 2.0
        loadMax=6.2
        """);
        cell(
                study,
                "01",
                "on-demand",
                10,
                125,
                true,
                0,
                true,
                0,
                """
        {"accepted": 125, "refused": 0, "failed": 0, "refusedBy": {}, "failedBy": {},
         "meanSeconds": 4.5, "minSeconds": 1.0, "maxSeconds": 9.0, "p95Seconds": 8.0, "throughputMibPerSecond": 120.0}
        """,
                "t,heap,direct,rss\n1,104857600,1048576,314572800\n2,209715200,2097152,419430400\n");
        cell(study, "02", "on-demand", 10, 200, true, 0, true, 0, """
        {"accepted": 125, "refused": 75, "failed": 0,
         "refusedBy": {"https://iolab.dev/problems/queue-full": 75}, "failedBy": {},
         "meanSeconds": 5.0, "minSeconds": 1.0, "maxSeconds": 9.5, "p95Seconds": 9.0, "throughputMibPerSecond": 110.0}
        """, "t,heap,direct,rss\n1,157286400,0,314572800\n");
        cell(
                study,
                "03",
                "in-memory",
                10,
                125,
                false,
                2,
                false,
                3,
                """
        {"accepted": 40, "refused": 0, "failed": 85, "refusedBy": {}, "failedBy": {"no response (reset or timeout)": 85},
         "meanSeconds": 3.0, "minSeconds": 1.0, "maxSeconds": 6.0, "p95Seconds": 5.0, "throughputMibPerSecond": 50.0}
        """,
                "t,heap,direct,rss\n1,536870912,0,700000000\n");
        Path report = dir.resolve("docs/results/upload-study.md");

        UploadStudyReport.write(study, report);

        String md = Files.readString(report);
        assertThat(md)
                .contains(
                        "| on-demand | 10 MB × 125 | 125 | 0 | 0 | 4.50 | 1.00 | 9.00 | 8.00 | 120.0 | 200 | 2.0 | 400 | yes | pass |")
                .contains("| on-demand | 10 MB × 200 | 125 | 75 (queue-full 75) |")
                .contains("| in-memory | 10 MB × 125 | 40 | 0 | 85 (no response (reset or timeout) 85) |")
                .contains("**no** (OutOfMemoryError)")
                .contains(
                        "| in-memory | 1.16 | not run | 8.82 | not run | whole file in memory blew the memory limit |")
                .contains("**service down** (40 accepted, 85 failed, OutOfMemoryError)")
                .contains("2 cores, 24 GiB RAM")
                .contains("10 min 00 s")
                .contains(
                        "With the budget off, the service went down (or hit OutOfMemoryError) in: in-memory 10 MB × 125.");
        for (String png : new String[] {"upload-study-peak-heap.png", "upload-study-mean-time.png"}) {
            byte[] bytes = Files.readAllBytes(report.resolveSibling(png));
            assertThat(bytes).as(png).startsWith(0x89, 'P', 'N', 'G');
        }
        assertThat(Files.readString(report.resolveSibling("upload-study.csv")))
                .startsWith("budget,strategy,fileSizeMb,users,")
                .contains("off,in-memory,10,125,40,0,85,");
        try (var files = Files.list(report.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void refusesAStudyWithoutCells() throws Exception {
        Path study = dir.resolve("empty");
        Files.createDirectories(study.resolve("cells"));
        Files.writeString(study.resolve("study.properties"), "command=x\n");
        Path report = dir.resolve("out/upload-study.md");

        assertThatThrownBy(() -> UploadStudyReport.write(study, report))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no cells");
        assertThat(report).doesNotExist();
    }

    private static void cell(
            Path study,
            String id,
            String strategy,
            int size,
            int users,
            boolean budget,
            int exit,
            boolean up,
            int oom,
            String outcomes,
            String samples)
            throws Exception {
        Path cell = study.resolve("cells").resolve(id);
        Files.createDirectories(cell);
        Files.writeString(
                cell.resolve("cell.properties"),
                "strategy=" + strategy + "\nfileSizeMb=" + size
                        + "\nusers=" + users + "\nbudget=" + budget + "\ngatlingExit=" + exit + "\nserviceUp=" + up
                        + "\noomErrors=" + oom + "\nreport=gatling/" + id + "/index.html\n");
        Files.writeString(cell.resolve("outcomes.json"), outcomes);
        Files.writeString(cell.resolve("samples.csv"), samples);
    }
}
