package dev.iolab.loadtest.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.loadtest.scale.ScaleReportModel.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scale report's figures and claims, worked out from a run without writing anything. */
class ScaleReportModelTest {

    @Test
    void aBurstIsCountedPerReplicaAndOutcomeInTheOutcomesOrder() {
        ScaleReportModel model = ScaleReportModel.of(CommittedScaleReportTest.committedRun());

        ScaleReportModel.Burst first = model.first();
        assertThat(first.outcomes()).containsExactly("201", "503 queue-full", "no answer (IOException)");
        assertThat(first.rows())
                .containsExactly(
                        new ScaleReportModel.Replica("replica-1", List.of(125, 72, 3), 200),
                        new ScaleReportModel.Replica("replica-2", List.of(125, 74, 1), 200));
        assertThat(first.totals()).containsExactly(250, 146, 4);
        assertThat(first.span()).isEqualTo("38.0");
    }

    @Test
    void eachClaimSaysWhetherItWasMet() {
        ScaleReportModel model = ScaleReportModel.of(CommittedScaleReportTest.committedRun());

        assertThat(model.taken()).isEqualTo(new ScaleReportModel.Taken(false, 400, 250, 146, 250, 150));
        assertThat(model.stored().met()).isTrue();
        ScaleReportModel.Kill kill = model.kill();
        assertThat(kill.down()).isEqualTo("0.84");
        assertThat(kill.downMet()).isTrue();
        assertThat(kill.noneAfter()).isTrue();
        assertThat(kill.failed().count()).isEqualTo(84);
        assertThat(kill.failed().outcomes())
                .containsExactly(
                        new ScaleReportModel.Outcome("502", 1),
                        new ScaleReportModel.Outcome("no answer (IOException)", 83));
        assertThat(kill.note()).isEqualTo(1);
        assertThat(kill.afterKill().met()).isTrue();
        assertThat(kill.completed()).isEqualTo(new ScaleReportModel.Completed(true, 10, 10, List.of()));
    }

    @Test
    void whatShouldNotBeInStorageIsListedKindByKind() {
        ScaleResult.Audit audit =
                new ScaleResult.Audit(5, 3, 1, 1, List.of("whole.bin"), List.of("part.bin"), List.of("s1", "s2"));

        assertThat(Problem.of(audit, true))
                .containsExactly(
                        new Problem(1, Problem.Kind.OTHER_BYTES),
                        new Problem(1, Problem.Kind.MISSING),
                        new Problem(1, Problem.Kind.WHOLE_UNANSWERED),
                        new Problem(1, Problem.Kind.PARTIAL),
                        new Problem(2, Problem.Kind.IN_STAGING));
        assertThat(Problem.of(audit, false)).extracting(Problem::kind).doesNotContain(Problem.Kind.WHOLE_UNANSWERED);
    }

    @Test
    void aReplicaNeverMarkedDownOrStillSentConnectionsFailsItsClaims() {
        ScaleResult committed = CommittedScaleReportTest.committedRun();
        ScaleResult.KillRun k = committed.kill();
        ScaleResult.KillRun slow = new ScaleResult.KillRun(
                k.burst(), k.killedReplica(), 1.3, 25, null, 3, null, List.of(), k.grantAudit());

        ScaleReportModel.Kill kill = ScaleReportModel.of(
                        new ScaleResult(committed.run(), committed.setup(), committed.first(), slow))
                .kill();

        assertThat(kill.down()).isNull();
        assertThat(kill.downMet()).isFalse();
        assertThat(kill.noneAfter()).isFalse();
        assertThat(kill.after()).isNull();
        assertThat(kill.afterKill()).isNull();
        assertThat(kill.grants()).isNull();
        assertThat(kill.completed()).isNull();
    }
}
