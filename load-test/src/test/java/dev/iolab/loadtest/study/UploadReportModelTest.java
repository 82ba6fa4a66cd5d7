package dev.iolab.loadtest.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's figures from a result alone: no files, no templates. */
class UploadReportModelTest {

    private static final String BASE = "upload-study";
    private static final String GATLING = "../run";

    @Test
    void setsEachCellBesideTheCeilingsBudgetOnFirst() {
        UploadReportModel model = UploadReportModel.of(UploadStudyReportTest.result(), BASE, GATLING);

        UploadReportModel.Measured m = model.measured();
        assertThat(m.parts()).extracting(UploadReportModel.Part::budget).containsExactly(true, false);
        UploadReportModel.TimeRow onDemand = m.parts().getFirst().time().getFirst();
        // 20 s against direct's 10, storage's 8 and nginx's 10.
        assertThat(List.of(onDemand.perDirect(), onDemand.perStorage(), onDemand.perNginx()))
                .containsExactly("2.00", "2.50", "2.00");
        UploadReportModel.MemoryRow inMemory = m.parts().get(1).memory().getFirst();
        assertThat(inMemory.up()).isFalse();
        assertThat(inMemory.oom()).isTrue();
        assertThat(m.ceilings())
                .extracting(UploadReportModel.CeilingRow::row)
                .containsExactly("direct", "storage", "nginx");
        assertThat(m.pairs().getFirst().time()).isEqualTo("1.10 (1.10–1.20)");
        assertThat(m.pairs().getFirst().azuriteRead()).isEqualTo("120 / 125");
    }

    @Test
    void judgesTheValetKeyGoalByItsOneBurstWithoutPairs() {
        UploadReportModel.Goal goal = UploadReportModel.of(UploadStudyReportTest.result(), BASE, GATLING)
                .measured()
                .valetKey()
                .goal();

        // 11 s against the storage ceiling's 8 s.
        assertThat(goal).isEqualTo(new UploadReportModel.Goal("1.10", "1.38", "", false));
    }

    @Test
    void aValetKeyCellWithoutAStorageCeilingHasNoGoalToJudge() {
        StudyResult r = UploadStudyReportTest.result();
        StudyResult withoutStorage = new StudyResult(
                r.run(),
                r.strategies(),
                r.cells(),
                r.ceilings().stream().filter(c -> !c.row().equals("storage")).toList(),
                null,
                null,
                3,
                1,
                r.runDirectory(),
                true);

        UploadReportModel.ValetKey valetKey =
                UploadReportModel.of(withoutStorage, BASE, GATLING).measured().valetKey();

        assertThat(valetKey.measured()).isTrue();
        assertThat(valetKey.goal()).isNull();
        assertThat(valetKey.rows().getFirst().perStorage()).isEqualTo("–");
    }

    @Test
    void namesNginxAmongWhatSharesTheMachineOnlyWhenItRan() {
        StudyResult r = UploadStudyReportTest.result();
        StudyResult withoutNginx = new StudyResult(
                r.run(),
                r.strategies(),
                List.of(),
                r.ceilings().subList(0, 2),
                null,
                null,
                3,
                1,
                r.runDirectory(),
                true);

        assertThat(UploadReportModel.of(r, BASE, GATLING).runRows())
                .contains("(Gatling, nginx, Azurite and the service");
        assertThat(UploadReportModel.of(withoutNginx, BASE, GATLING).runRows())
                .contains("(Gatling, Azurite and the service");
    }
}
