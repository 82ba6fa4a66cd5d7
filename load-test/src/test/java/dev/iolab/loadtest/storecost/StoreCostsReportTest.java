package dev.iolab.loadtest.storecost;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.loadtest.RunInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreCostsReportTest {

    @TempDir
    Path dir;

    private static final RunInfo RUN = new RunInfo(
            "scripts/store-costs.sh",
            "2026-11-27T22:24:00Z",
            "2026-11-27T22:25:30Z",
            90,
            "2 cores, 24 GiB RAM, Linux",
            "OpenJDK 25",
            "0.50, 0.40, 0.30",
            "1.00, 0.50, 0.30",
            1.2,
            "",
            0,
            0);

    /** Pass 1 costs twice pass 2; pass 2: Put Blob 50 ms per request, the six others 1.5 ms each. */
    private static List<StoreCosts.Measured> measured() {
        List<StoreCosts.Measured> measured = new ArrayList<>();
        for (int pass = 1; pass <= 2; pass++) {
            for (StoreRequest request : StoreRequest.values()) {
                double ms = (request == StoreRequest.PUT_BLOB ? 50.0 : 1.5) * (pass == 1 ? 2 : 1);
                measured.add(new StoreCosts.Measured(request, pass, 100, ms * 100 / 1000, 0.5));
            }
        }
        return measured;
    }

    @Test
    void setsEveryRequestBesideThePutBlobOfItsPassAndSumsACompletionAndKeepsItsDataBeside() throws Exception {
        Path report = dir.resolve("store-costs.md");

        StoreCostsReport.write(StoreCostsResult.of(RUN, StoreCostOptions.parse("--blobs", "100"), measured()), report);

        // Medians of the two passes; within each pass every request is 0.03 x the Put Blob.
        assertThat(Files.readString(report))
                .contains("| Command | `scripts/store-costs.sh` |")
                .contains("| Put Blob | the upload itself")
                .contains("| 75.00 (50.00–100.00) | 1.000 (1.000–1.000) | 0.50 |")
                .contains("| Copy Blob From URL, source If-Match | completion: the staged version under the upload's"
                        + " name | 2.25 (1.50–3.00) | 0.030 (0.030–0.030) | 0.50 |")
                .contains("**A valet-key completion** (every request above after the Put Blob) costs Azurite 13.50"
                        + " (9.00–18.00) ms of CPU per upload, 0.180 (0.180–0.180) × the upload's own Put Blob of"
                        + " 10 MiB.");
        assertThat(Files.list(dir)).containsExactlyInAnyOrder(report, dir.resolve("store-costs.json"));
        assertThat(StoreCostsReport.markdown(StoreCostsResult.read(dir.resolve("store-costs.json"))))
                .isEqualTo(Files.readString(report));
    }
}
