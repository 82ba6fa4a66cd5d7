package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.iolab.loadtest.RunInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tus report's figures, ratios and goals, worked out from a run without writing anything. */
class TusReportModelTest {

    static final long MIB = 1024 * 1024;
    static final long CHUNK = 8 * MIB;

    @Test
    void eachFigureIsTheMedianOfTheRepetitionsWithItsSpreadAndTheRatioPairsEachRepetition() {
        TusReportModel model = TusReportModel.of(run(
                List.of(
                        burst("iolab", 1, 10, 20),
                        burst("tusd", 1, 20, 10),
                        burst("iolab", 2, 12, 24),
                        burst("tusd", 2, 15, 12)),
                List.of()));

        assertThat(model.burstRows())
                .extracting(TusReportModel.Row::server, TusReportModel.Row::seconds, TusReportModel.Row::exact)
                .containsExactly(
                        tuple("iolab", "11.0 (10.0–12.0)", "40 / 40"), tuple("tusd", "17.5 (15.0–20.0)", "40 / 40"));
        // rep 1: 10 / 20 = 0.50, rep 2: 12 / 15 = 0.80
        assertThat(model.burstRatios().getFirst().seconds()).isEqualTo("0.65 (0.50–0.80)");
        // CPU per GB: rep 1: 20 / 10 = 2.00, rep 2: 24 / 12 = 2.00
        assertThat(model.burstRatios().getFirst().cpuPerGb()).isEqualTo("2.00 (2.00–2.00)");
    }

    @Test
    void aRatioGoalIsMetWhenTheMedianRatioIsAtMostOne() {
        TusReportModel model =
                TusReportModel.of(run(List.of(burst("iolab", 1, 10, 20), burst("tusd", 1, 20, 10)), List.of()));

        assertThat(model.goals())
                .extracting(TusReportModel.Goal::kind, TusReportModel.Goal::met, TusReportModel.Goal::figure)
                .containsExactly(
                        tuple(TusReportModel.Goal.Kind.BURST_TIME, true, "0.50"),
                        tuple(TusReportModel.Goal.Kind.BURST_CPU, false, "2.00"));
        assertThat(model.allExact()).isTrue();
    }

    @Test
    void theResendGoalCountsTheBytesPastTheFileAtTheRelayPerCut() {
        long file = 1024 * MIB;
        TusResult.CutRun within = cut("iolab", 1, file, 3, file + 3 * CHUNK, List.of(CHUNK, CHUNK, CHUNK));
        TusResult.CutRun tusd = cut("tusd", 1, file, 3, file + MIB, List.of(MIB, MIB, MIB));
        TusResult.CutRun beyond = cut("iolab", 1, file, 3, file + 3 * CHUNK + 1, List.of(CHUNK, CHUNK, CHUNK));

        TusReportModel.Goal met = resendGoal(TusReportModel.of(run(List.of(), List.of(within, tusd))));
        TusReportModel.Goal missed = resendGoal(TusReportModel.of(run(List.of(), List.of(beyond, tusd))));

        assertThat(met.met()).isTrue();
        assertThat(met.figure()).isEqualTo("8.00");
        assertThat(missed.met()).isFalse();
    }

    @Test
    void aResumeTheClientSawReSendMoreThanAChunkMissesTheResendGoal() {
        long file = 1024 * MIB;
        TusResult.CutRun iolab = cut("iolab", 1, file, 1, file + MIB, List.of(CHUNK + 1));
        TusResult.CutRun tusd = cut("tusd", 1, file, 1, file + MIB, List.of(MIB));

        assertThat(resendGoal(TusReportModel.of(run(List.of(), List.of(iolab, tusd))))
                        .met())
                .isFalse();
    }

    @Test
    void theRaceSaysWhetherBothWereTakenOrOneWasRefusedAndWhatTheBlobHolds() {
        TusResult.Race locked = new TusResult.Race(
                16 * MIB,
                List.of(
                        new TusResult.Answer("A", "iolab-2", 423, "upload-locked"),
                        new TusResult.Answer("B", "iolab-1", 204, "Upload-Offset 16777216")),
                16 * MIB,
                "B");
        TusResult.Race both = new TusResult.Race(
                16 * MIB,
                List.of(
                        new TusResult.Answer("A", "tusd-1", 204, "Upload-Offset 16777216"),
                        new TusResult.Answer("B", "tusd-2", 204, "Upload-Offset 16777216")),
                16 * MIB,
                "A");
        TusResult.Kill kill =
                new TusResult.Kill(32 * MIB, List.of("x-1", "x-2"), "x-2", 16 * MIB, "x-1", 0, true, true, null);

        TusReportModel model = TusReportModel.of(new TusResult(
                info(),
                setup(),
                List.of(),
                List.of(),
                List.of(new TusResult.Balanced("iolab", kill, locked), new TusResult.Balanced("tusd", kill, both))));

        TusReportModel.Race iolab = model.balancer().get(0).race();
        TusReportModel.Race tusd = model.balancer().get(1).race();
        assertThat(iolab.oneRefused()).isTrue();
        assertThat(iolab.bothAccepted()).isFalse();
        assertThat(iolab.storedB()).isTrue();
        assertThat(tusd.bothAccepted()).isTrue();
        assertThat(tusd.storedA()).isTrue();
        assertThat(model.balancer().get(0).kill().offsetAtResumeMib()).isEqualTo("16.00");
        assertThat(model.balancer().get(0).kill().firstHalfBy()).isEqualTo("x-1, x-2");
    }

    @Test
    void aRunWithTusJsClientSaysItsClientSentUnderNodeWithContentLength() {
        TusResult.Setup java = setup();
        TusResult.Setup js = new TusResult.Setup(
                java.uploads(),
                java.sizeMb(),
                java.warmUp(),
                java.warmUpKib(),
                java.bigMb(),
                java.cuts(),
                java.chunkBytes(),
                java.reps(),
                java.tusd(),
                "tus-js-client 4.3.1",
                java.haproxy(),
                java.cpu(),
                java.note(),
                true,
                true,
                true);
        TusResult run = new TusResult(
                info(), js, List.of(burst("iolab", 1, 10, 20), burst("tusd", 1, 20, 10)), List.of(), List.of());

        assertThat(TusReportModel.of(run).setup().jsClient()).isTrue();
        assertThat(TusStudyReport.markdown(run))
                .contains("| Client | tus-js-client 4.3.1 under node, as browsers and Uppy send (each `PATCH` with its "
                        + "`Content-Length`), for both servers")
                .doesNotContain("in the study's JVM");
        assertThat(TusReportModel.of(run(List.of(burst("tusd", 1, 20, 10)), List.of()))
                        .setup()
                        .jsClient())
                .isFalse();
    }

    @Test
    void anUploadThatWasNotByteExactIsSaid() {
        TusResult.Burst short1 = new TusResult.Burst(
                "iolab", 1, 20, 20, 19, 0, 20 * 10 * MIB, new TusResult.Usage(10, 20, 5, 300 * MIB), List.of());

        assertThat(TusReportModel.of(run(List.of(short1, burst("tusd", 1, 10, 10)), List.of()))
                        .allExact())
                .isFalse();
    }

    @Test
    void aProblemAnswerShowsAsItsTypeOrItsDetailWhenTheBodyWasCutShort() {
        assertThat(TusReportModel.readable(
                        "{\"detail\":\"busy\",\"type\":\"https://iolab.dev/problems/upload-locked\"}"))
                .isEqualTo("upload-locked");
        assertThat(TusReportModel.readable("{\"detail\":\"another request is writing\",\"instance\":\"/fi"))
                .isEqualTo("\u201canother request is writing\u201d");
        assertThat(TusReportModel.readable("Upload-Offset 16")).isEqualTo("Upload-Offset 16");
    }

    private static TusReportModel.Goal resendGoal(TusReportModel model) {
        return model.goals().stream()
                .filter(TusReportModel.Goal::resend)
                .findFirst()
                .orElseThrow();
    }

    /** 20 uploads of 10 MiB (0.2097152 GB) taking {@code seconds} and {@code cpu} server CPU seconds. */
    static TusResult.Burst burst(String server, int rep, double seconds, double cpu) {
        return new TusResult.Burst(
                server, rep, 20, 20, 20, 0, 20 * 10 * MIB, new TusResult.Usage(seconds, cpu, 5, 300 * MIB), List.of());
    }

    static TusResult.CutRun cut(String server, int rep, long file, int cuts, long relay, List<Long> resent) {
        return new TusResult.CutRun(
                server, rep, file, cuts, relay, resent, true, true, new TusResult.Usage(30, 10, 20, 400 * MIB), null);
    }

    static TusResult run(List<TusResult.Burst> bursts, List<TusResult.CutRun> cuts) {
        return new TusResult(info(), setup(), bursts, cuts, List.of());
    }

    static RunInfo info() {
        return new RunInfo(
                "scripts/tus-study.sh",
                "2026-11-28T21:00:00Z",
                "2026-11-28T21:30:00Z",
                1800,
                "2 cores, 24 GiB RAM, Linux 6.1",
                "OpenJDK 25",
                "1.00, 1.00, 1.00",
                "2.00, 2.00, 2.00",
                2.5,
                "-Xmx512m",
                0,
                0);
    }

    static TusResult.Setup setup() {
        return new TusResult.Setup(
                20,
                10,
                2,
                64,
                1024,
                3,
                CHUNK,
                2,
                "tusd v2.9.1",
                "tus-java-client 0.5.1",
                null,
                "Intel Xeon",
                null,
                true,
                true,
                true);
    }
}
