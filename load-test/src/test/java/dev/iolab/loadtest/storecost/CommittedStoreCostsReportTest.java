package dev.iolab.loadtest.storecost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.RepositoryPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code docs/results/store-costs.md} is what the report writes from the committed
 * {@code docs/results/store-costs.json} beside it: a change to the report's wording or layout shows here, and the
 * committed report is then regenerated from its data ({@link StoreCostsReport#main}).
 */
class CommittedStoreCostsReportTest {

    private static final Path RESULTS = RepositoryPaths.root().resolve("docs/results");

    @Test
    void theCommittedReportIsWhatTheReportWritesFromItsCommittedData() throws Exception {
        StoreCostsResult data = StoreCostsResult.read(RESULTS.resolve("store-costs.json"));

        assertThat(StoreCostsReport.markdown(data)).isEqualTo(Files.readString(RESULTS.resolve("store-costs.md")));
    }

    @Test
    void theCommittedDataHoldEveryPassOfEveryRequest() throws Exception {
        StoreCostsResult data = StoreCostsResult.read(RESULTS.resolve("store-costs.json"));

        assertThat(data.measured()).hasSize(3 * StoreRequest.values().length);
        assertThat(StoreCostsResult.besideReport(RESULTS.resolve("store-costs.md")))
                .isEqualTo(RESULTS.resolve("store-costs.json"));
    }
}
