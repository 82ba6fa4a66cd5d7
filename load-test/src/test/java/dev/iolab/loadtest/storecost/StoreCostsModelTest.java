package dev.iolab.loadtest.storecost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.loadtest.RunInfo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The store-costs report's figures from measurements alone: no files, no templates. */
class StoreCostsModelTest {

    private static final RunInfo RUN =
            new RunInfo("scripts/store-costs.sh", "a", "b", 1, "2 cores", "OpenJDK 25", "0", "0", 0, "", 0, 0);

    @Test
    void setsEachRequestBesideThePutBlobOfItsOwnPass() {
        // Pass 1: Put Blob 40 ms, every other request 2 ms; pass 2: Put Blob 80 ms, the others 2 ms: 0.05 and 0.025.
        List<StoreCosts.Measured> measured = new ArrayList<>();
        for (int pass = 1; pass <= 2; pass++) {
            for (StoreRequest request : StoreRequest.values()) {
                double ms = request == StoreRequest.PUT_BLOB ? 40.0 * pass : 2.0;
                measured.add(new StoreCosts.Measured(request, pass, 10, ms * 10 / 1000, 0.25 * pass));
            }
        }

        StoreCostsModel model = StoreCostsModel.of(new StoreCostsResult(RUN, 10, 10, 8, measured));

        assertThat(model.passes()).isEqualTo(2);
        assertThat(model.passWord()).isEqualTo("passes");
        StoreCostsModel.Request delete = model.requests().getLast();
        assertThat(delete.request()).isEqualTo("Delete Blob");
        assertThat(delete.cpuMs()).isEqualTo("2.00 (2.00–2.00)");
        assertThat(delete.ratio()).isEqualTo("0.038 (0.025–0.050)");
        assertThat(delete.wall()).isEqualTo("0.38");
        // a completion: the six requests after the Put Blob, 12 ms in each pass
        assertThat(model.completion()).isEqualTo("12.00 (12.00–12.00)");
        assertThat(model.completionRatio()).isEqualTo("0.225 (0.150–0.300)");
    }
}
