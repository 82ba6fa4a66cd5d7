package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.loadtest.RunInfo;
import dev.iolab.loadtest.UploadOutcomes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UploadStudyReportTest {

    private static final long MIB = 1024 * 1024;

    /** Where the run's Gatling reports would be, under the repository root. */
    static final String RUN_DIRECTORY = "load-test/target/upload-study/20261122-060000";

    @TempDir
    Path dir;

    static RunInfo run() {
        return new RunInfo(
                "scripts/upload-study.sh --sizes 10",
                "2026-11-22T06:00:00Z",
                "2026-11-22T06:10:00Z",
                600,
                "2 cores, 24 GiB RAM, Linux 6.18",
                "OpenJDK 25",
                "3.1, 2.0, 1.5",
                "4.0, 3.0, 2.0",
                6.2,
                "-Xmx512m -XX:+ExitOnOutOfMemoryError",
                25,
                125);
    }

    static UploadOutcomes.Summary outcomes(
            String strategy, int users, int accepted, int refused, int failed, double span, double mibPerSecond) {
        return new UploadOutcomes.Summary(
                strategy,
                "raw",
                10 * MIB,
                users,
                1,
                125,
                users,
                accepted,
                refused,
                failed,
                Map.of(strategy, accepted),
                refused > 0 ? Map.of("https://iolab.dev/problems/queue-full", refused) : Map.of(),
                failed > 0 ? Map.of("no response (reset or timeout)", failed) : Map.of(),
                4.5,
                1.0,
                9.0,
                8.0,
                span,
                mibPerSecond,
                null,
                null,
                null);
    }

    static StudyResult.Memory memory(double peakMib, Long idle, Long live, Integer inFlight) {
        return new StudyResult.Memory(peakMib * MIB, 1.0 * MIB, 400.0 * MIB, 20, idle, live, inFlight, 3);
    }

    static StudyResult.Cpu cpu(Double client, Double hop, Double storage) {
        return new StudyResult.Cpu(client, hop, storage);
    }

    static StudyResult.Ceiling ceiling(
            String row,
            String clients,
            double mean,
            double p95,
            double span,
            double mibPerSecond,
            StudyResult.Cpu cpu) {
        return new StudyResult.Ceiling(row, 10, 125, 125, clients, 0, mean, p95, span, mibPerSecond, cpu);
    }

    /**
     * A round: nginx's burst of {@code partnerSpan} seconds and the cell's of {@code span}, each on an Azurite that held
     * its warm-up's 125 MiB (120 MiB for nginx's) when the timed burst began.
     */
    static StudyResult.Round round(double partnerSpan, StudyResult.Cpu partnerCpu, double span, StudyResult.Cpu cpu) {
        return new StudyResult.Round(
                new StudyResult.Ceiling(
                        "nginx", 10, 125, 125, "125 Gatling users", 0, 5.0, 7.0, partnerSpan, 125.0, partnerCpu),
                span,
                cpu,
                125,
                false,
                120L * 1024 * 1024,
                125L * 1024 * 1024);
    }

    static StudyResult result() {
        return new StudyResult(
                run(),
                List.of("in-memory", "on-demand"),
                List.of(
                        new StudyResult.Cell(
                                "on-demand",
                                true,
                                10,
                                125,
                                0,
                                true,
                                0,
                                "cells/02/gatling/x/index.html",
                                outcomes("on-demand", 125, 125, 0, 0, 20.0, 62.5),
                                memory(200, 40 * MIB, 90 * MIB, 25),
                                21,
                                cpu(3.0, 9.0, 6.5),
                                new StudyResult.ServiceReads(10.5 * MIB, "rchar"),
                                null,
                                List.of(
                                        round(10.0, cpu(3.5, 1.8, 6.2), 11.0, cpu(3.0, 3.6, 6.5)),
                                        round(9.0, cpu(3.0, 1.5, 6.0), 9.9, cpu(3.0, 4.5, 6.6)),
                                        round(10.0, cpu(3.0, 2.0, 6.0), 12.0, cpu(3.0, 5.0, 6.0)))),
                        new StudyResult.Cell(
                                "in-memory",
                                false,
                                10,
                                125,
                                2,
                                false,
                                3,
                                null,
                                outcomes("in-memory", 125, 40, 0, 85, 30.0, 13.3),
                                memory(510, 40 * MIB, null, null),
                                31,
                                cpu(2.0, 4.0, 2.0),
                                null,
                                null,
                                null),
                        new StudyResult.Cell(
                                "valet-key",
                                true,
                                10,
                                125,
                                0,
                                true,
                                0,
                                null,
                                outcomes("valet-key", 125, 125, 0, 0, 11.0, 113.6),
                                memory(90, 40 * MIB, 41 * MIB, null),
                                12,
                                cpu(2.0, 1.0, 6.0),
                                new StudyResult.ServiceReads(10.2 * MIB, "rchar"),
                                new StudyResult.ServiceReads(10.0 * MIB, UploadStudy.VERIFY_READ_METRIC),
                                null)),
                List.of(
                        ceiling("direct", "25 SDK threads", 2.0, 3.0, 10.0, 125.0, cpu(5.0, null, 6.0)),
                        ceiling("storage", "125 Gatling users", 4.0, 6.0, 8.0, 156.25, cpu(3.0, null, 6.0)),
                        ceiling("nginx", "125 Gatling users", 5.0, 7.0, 10.0, 125.0, cpu(3.5, 1.8, 6.2))),
                null,
                null,
                3,
                1,
                RUN_DIRECTORY,
                true);
    }

    @Test
    void setsEveryStrategyBesideTheThreeCeilingsWithCpuAndHonestMemoryColumns() throws Exception {
        Path report = dir.resolve("docs/results/upload-study.md");

        UploadStudyReport.write(result(), report);

        String md = Files.readString(report);
        assertThat(md)
                .contains("Each ceiling and cell sent its burst 3 times untimed first")
                .contains("from the burst's first request to its last answer")
                .contains("This run forced up to 3 per cell")
                .contains("| **direct** | 10 MB × 125 | 25 SDK threads | 125 | 0 | 2.00 | 3.00 | 10.00 | 125.0 | 1.25"
                        + " | 5.0 | – | 6.0 |")
                .contains(
                        "| **storage** | 10 MB × 125 | 125 Gatling users | 125 | 0 | 4.00 | 6.00 | 8.00 | 156.3 | 1.00"
                                + " | 3.0 | – | 6.0 |")
                .contains("| **nginx** | 10 MB × 125 | 125 Gatling users | 125 | 0 | 5.00 | 7.00 | 10.00 | 125.0 | 1.25"
                        + " | 3.5 | 1.8 | 6.2 |")
                // 20 s against direct's 10, storage's 8, nginx's 10; CPU of Gatling, service, Azurite; 10.5 MiB read.
                .contains("| on-demand | 10 MB × 125 | 125 | 0 | 0 | 4.50 | 8.00 | 20.00 | 2.00 | 2.50 | 2.00 | 3.0"
                        + " | 9.0 | 6.5 | 10.5 |")
                // live 90 - 40 = 50 MiB over 25 uploads.
                .contains("| on-demand | 10 MB × 125 | 200 | 50 (25) | 2.00 | 400 | yes | pass |")
                .contains("| in-memory | 10 MB × 125 | 40 | 0 | 85 (no response (reset or timeout) 85) |")
                .contains("**no** (OutOfMemoryError)")
                .contains("| in-memory | 1.16 | not run | 8.82 | not run | whole file in memory blew the memory limit"
                        + " | **service down** (40 accepted, 85 failed, OutOfMemoryError) |")
                // valet-key: the service's live heap stays at idle (1 MiB above it here); its own metric of verify
                // reads wins over rchar; 11 s against storage's 8 misses the goal.
                .contains("| 10 MB × 125 | 125 | 0 | 11.00 | 1.38 | 1.10 | 2.0 | 1.0 | 6.0 | 10.00 | 40 | 41 | 1 |")
                .contains(
                        "**Goal:** at 10 MB × 125, valet-key uploads take at most 1.10 × the storage row's time."
                                + " This run: 1.38 × (one burst ÷ the storage ceiling's at the start of the run) — **not met**.")
                .contains("2 cores, 24 GiB RAM")
                .contains("10 min 00 s")
                .contains("At 10 MB × 125, nginx in front of Azurite took 1.25 × the time of the same clients PUTting"
                        + " straight to it (nginx used 1.8 CPU s).")
                .contains("Budget off, the service went down (or hit OutOfMemoryError) in in-memory 10 MB × 125.")
                .contains("the most live heap per upload in flight: on-demand at 10 MB × 125 (2.00 MiB)");
        for (String png : new String[] {"upload-study-memory.png", "upload-study-time.png", "upload-study-cpu.png"}) {
            assertThat(Files.readAllBytes(report.resolveSibling(png))).as(png).startsWith(0x89, 'P', 'N', 'G');
        }
        assertThat(Files.readString(report.resolveSibling("upload-study.csv")))
                .startsWith("budget,row,fileSizeMb,users,clients,accepted,")
                .contains(",storage,10,125,\"125 Gatling users\",125,0,0,")
                .contains(
                        "on,on-demand,10,125,\"125 Gatling users\",125,0,0,,,4.5,8.0,20.0,62.5,2.0,2.5,2.0,0.5,0.4,0.5,"
                                + "3.0,9.0,6.5,10.5,,200.0,40.0,50.0,25,2.0,");
        try (var files = Files.list(report.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void opensWithItsFindingsEachWithItsFigureItsRangeItsCeilingAndItsTable() throws Exception {
        Path report = dir.resolve("docs/results/upload-study.md");

        UploadStudyReport.write(result(), report);

        String md = Files.readString(report);
        // the pairs' time ratios 1.10, 1.10, 1.20; the in-memory cell (budget off) took the service down.
        assertThat(md)
                .startsWith("# The upload study, re-run\n\nMeasured 2026-11-22 on 2 cores, 24 GiB RAM, Linux 6.18,"
                        + " OpenJDK 25.\n\n## Findings\n\n- **Memory, budget on, 10 MB × 125:**")
                .contains("- **Memory, budget off, 10 MB × 125:** in-memory took the service down in its 512 MiB heap."
                        + " [Table](#memory-budget-off)\n")
                .contains("- **Beside nginx's hop, 10 MB × 125:** on-demand ×1.10 [1.10–1.20] nginx's time (median"
                        + " [lowest–highest] of 3 pairs, each burst right beside the ceiling's)."
                        + " [Table](#in-pairs-each-burst-beside-its-ceilings)\n")
                .contains("- **nginx's hop by itself, 10 MB × 125:** the same clients through nginx took ×1.25 the time"
                        + " of their uploads straight to the store (one burst each)."
                        + " [Ceilings](#ceilings-the-same-files-without-the-service)\n");
        assertThat(md.indexOf("## Findings")).isLessThan(md.indexOf("Generated by"));
    }

    @Test
    void givesTheMedianOfTheRoundsPairedWithTheirCeiling() throws Exception {
        Path report = dir.resolve("docs/results/upload-study.md");

        UploadStudyReport.write(result(), report);

        // time 1.10, 1.10, 1.20; hop CPU 2.0, 3.0, 2.5; Azurite 1.048, 1.10, 1.00; bursts 11.0, 9.9, 12.0 s
        // against nginx's 10, 9, 10 s.
        assertThat(Files.readString(report))
                .contains("## In pairs: each burst beside its ceiling's")
                .contains("Each burst of a pair has an Azurite of its own")
                .contains("| on-demand | 10 MB × 125 | nginx | 3 | 1.10 (1.10–1.20) | 2.50 (2.00–3.00)"
                        + " | 1.05 (1.00–1.10) | 11.00 | 10.00 | 120 / 125 |")
                .doesNotContain("| in-memory | 10 MB × 125 | nginx |");
    }

    @Test
    void judgesTheValetKeyGoalByThePairsWhenTheCellHasThem() throws Exception {
        StudyResult r = result();
        StudyResult.Cell single = r.cells().get(2);
        // Storage's bursts of 8, 7 and 6 s right before the cell's 8.4, 8.4 and 6.3 s: 1.05, 1.20, 1.05. Alone, the
        // cell's 11 s against the storage ceiling's 8 s at the start of the run would say 1.38.
        List<StudyResult.Round> rounds =
                List.of(storageRound(8.0, 8.4), storageRound(7.0, 8.4), storageRound(6.0, 6.3));
        StudyResult withPairs = withCells(r, List.of(r.cells().get(0), r.cells().get(1), withRounds(single, rounds)));
        Path report = dir.resolve("upload-study.md");

        UploadStudyReport.write(withPairs, report);

        assertThat(Files.readString(report))
                .contains("This run: 1.05 (1.05–1.20) × (median of 3 pairs beside storage, lowest–highest in brackets)"
                        + " — met.");
    }

    private static StudyResult.Cell withRounds(StudyResult.Cell c, List<StudyResult.Round> rounds) {
        return new StudyResult.Cell(
                c.strategy(),
                c.budget(),
                c.fileSizeMb(),
                c.users(),
                c.gatlingExit(),
                c.serviceUp(),
                c.oomErrors(),
                c.report(),
                c.outcomes(),
                c.memory(),
                c.seconds(),
                c.cpu(),
                c.reads(),
                c.verifyReads(),
                rounds);
    }

    private static StudyResult withCells(StudyResult r, List<StudyResult.Cell> cells) {
        return new StudyResult(
                r.run(),
                r.strategies(),
                cells,
                r.ceilings(),
                r.valetKeySkipped(),
                r.soak(),
                r.warmUpBursts(),
                r.warmUpMb(),
                r.runDirectory(),
                r.distinctClients());
    }

    private static StudyResult.Round storageRound(double storageSpan, double span) {
        return new StudyResult.Round(
                ceiling("storage", "125 Gatling users", 4.0, 6.0, storageSpan, 125.0, cpu(3.0, null, 6.0)),
                span,
                cpu(2.0, 1.0, 6.0),
                125,
                true,
                125L * 1024 * 1024,
                125L * 1024 * 1024);
    }

    @Test
    void saysARunWithoutProbesHasNoLiveHeapFiguresAndARunWithoutWarmUpIncludesTheJit() throws Exception {
        StudyResult r = result();
        StudyResult.Cell cell = r.cells().get(1);
        StudyResult.Memory unprobed =
                new StudyResult.Memory(510.0 * MIB, 1.0 * MIB, 400.0 * MIB, 20, null, null, null, 0);
        StudyResult.Cell withoutProbes = new StudyResult.Cell(
                cell.strategy(),
                cell.budget(),
                cell.fileSizeMb(),
                cell.users(),
                cell.gatlingExit(),
                cell.serviceUp(),
                cell.oomErrors(),
                cell.report(),
                cell.outcomes(),
                unprobed,
                cell.seconds(),
                cell.cpu(),
                cell.reads(),
                cell.verifyReads(),
                cell.rounds());
        StudyResult cold = new StudyResult(
                r.run(), r.strategies(), List.of(withoutProbes), r.ceilings(), null, null, 0, 1, RUN_DIRECTORY, true);
        Path report = dir.resolve("upload-study.md");

        UploadStudyReport.write(cold, report);

        assertThat(Files.readString(report))
                .contains("This run forced none (`--heap-probes 0`), not even the idle one before a burst: it has no"
                        + " live heap figures")
                .contains("No ceiling or cell was warmed up (`--warm-up 0`): each timed burst includes the JIT")
                .contains("## valet-key\n\nNot measured in this run (`--valet-key off`).");
    }

    @Test
    void saysWhyTheValetKeyRowIsMissing() throws Exception {
        StudyResult r = result();
        StudyResult skipped = new StudyResult(
                r.run(),
                r.strategies(),
                r.cells().subList(0, 2),
                r.ceilings(),
                "the service answered POST /uploads/{name}/grant with 404",
                null,
                3,
                10,
                RUN_DIRECTORY,
                true);
        Path report = dir.resolve("upload-study.md");

        UploadStudyReport.write(skipped, report);

        assertThat(Files.readString(report))
                .contains("## valet-key\n\nNot measured: the service answered POST /uploads/{name}/grant with 404.")
                .contains("Each ceiling and cell sent its burst 3 times untimed first (the same users and requests,"
                        + " other blob names, `--warm-up 3`), with 10 MiB files for the service's cells (or the cell's"
                        + " size, if smaller; `--warm-up-size 10`) and 1 MiB files for the ceilings")
                .contains("A ceiling's Azurite is restarted empty before its last warm-up");
    }

    @Test
    void reportsTheSoakWithTheHeapAfterGcAgainstItsBaseline() throws Exception {
        StudyResult.Soak soak = new StudyResult.Soak(
                10_000,
                50,
                256,
                List.of("in-memory", "on-demand"),
                0,
                true,
                0,
                outcomes("in-memory,on-demand", 50, 10_000, 0, 0, 300.0, 8.3),
                memory(300, 40 * MIB, 70 * MIB, null),
                40 * MIB,
                42 * MIB,
                70 * MIB,
                305);
        StudyResult r = new StudyResult(
                run(), List.of("in-memory", "on-demand"), List.of(), List.of(), null, soak, 0, 0, RUN_DIRECTORY, true);
        Path report = dir.resolve("upload-study-soak.md");

        UploadStudyReport.write(r, report);

        assertThat(Files.readString(report))
                .contains("## Soak: 10000 uploads, mixed strategies")
                .contains("| Live heap before (idle, after GC) | 40 MiB |")
                .contains("| Live heap after (idle, after GC) | 42 MiB |")
                .contains("| After − before | +2.0 MiB — back at its baseline (within 8 MiB) |");
    }

    @Test
    void refusesAStudyThatMeasuredNothing() {
        StudyResult empty =
                new StudyResult(run(), List.of(), List.of(), List.of(), null, null, 0, 0, RUN_DIRECTORY, true);
        Path report = dir.resolve("out/upload-study.md");

        assertThatThrownBy(() -> UploadStudyReport.write(empty, report))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("measured nothing");
        assertThat(report).doesNotExist();
    }

    @Test
    void studyJsonRoundTrips() throws Exception {
        Path json = dir.resolve("study.json");
        result().write(json);

        assertThat(StudyResult.read(json)).isEqualTo(result());
    }
}
