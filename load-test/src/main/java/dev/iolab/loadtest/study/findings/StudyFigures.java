package dev.iolab.loadtest.study.findings;

import java.util.List;
import java.util.Map;

/**
 * What one upload study run measured, as far as its findings need it: the input of {@link UploadFindings}. Built from
 * a run's result as the study writes its report, or from a committed report and its CSV.
 *
 * @param date     the day the run started, {@code 2026-11-28}
 * @param machine  cores, memory, kernel and JDK, as the report's Machine row says
 * @param heapMib  the service's {@code -Xmx} in MiB; null when unknown
 * @param cells    every burst against the service (its last round, when it ran in rounds)
 * @param ceilings the same files without the service
 * @param pairs    cells measured in rounds beside a ceiling's burst
 * @param soak     the soak; null when the run had none
 * @param sections where the report's tables are, for the findings' links
 */
public record StudyFigures(
        String date,
        String machine,
        Double heapMib,
        List<Cell> cells,
        List<Ceiling> ceilings,
        List<Pairs> pairs,
        Soak soak,
        Sections sections) {

    /** The name of the ceiling rows: the Azure SDK alone, the clients straight to the store, nginx's hop. */
    public static final String DIRECT = "direct";

    public static final String STORAGE = "storage";
    public static final String NGINX = "nginx";

    /** The strategy that sends the bytes past the service, straight to storage. */
    public static final String VALET_KEY = "valet-key";

    /**
     * One burst against the service.
     *
     * @param refusedBy   problem types of the refusals, shortened ({@code queue-full}), with their counts
     * @param failedBy    what the failures were ({@code status 502}), with their counts
     * @param down        the service was not healthy after the burst or logged an OutOfMemoryError
     * @param peakHeapMib highest heap used (garbage included); null when not sampled
     * @param timeRatios  the burst's time ÷ each ceiling's at the same load, keyed by ceiling row; absent where none
     */
    public record Cell(
            boolean budget,
            String strategy,
            int sizeMb,
            int users,
            int accepted,
            int refused,
            Map<String, Integer> refusedBy,
            int failed,
            Map<String, Integer> failedBy,
            boolean down,
            Double peakHeapMib,
            Map<String, Double> timeRatios) {

        public String load() {
            return StudyFigures.load(sizeMb, users);
        }
    }

    /**
     * A ceiling: the cell's files uploaded without the service.
     *
     * @param timeRatioToStorage its burst time ÷ the storage row's at the same load; null without one
     */
    public record Ceiling(String row, int sizeMb, int users, double burstSeconds, Double timeRatioToStorage) {}

    /**
     * A cell measured in rounds, each burst right beside a burst of its ceiling ({@code partner}).
     *
     * @param timeRatio the cell's time ÷ its partner's, over the pairs
     */
    public record Pairs(String strategy, int sizeMb, int users, String partner, Spread timeRatio) {}

    /**
     * The soak: many small uploads with mixed strategies, then the live heap against its baseline.
     *
     * @param changeMib    live heap after − before, as measured (the report's whole MiB figures would round it)
     * @param toleranceMib how far above its baseline the heap after counts as back at it
     */
    public record Soak(
            int uploads,
            int accepted,
            int failed,
            boolean down,
            double baselineMib,
            double afterMib,
            double changeMib,
            double toleranceMib) {}

    /**
     * Where a report's tables are, as link targets ({@code #memory-budget-on-default}); null for a table the report
     * does not have.
     */
    public record Sections(
            String budgetOn, String budgetOff, String ceilings, String pairs, String valetKey, String soak) {}

    /** {@code 10 MB × 125}, as the reports write a load. */
    public static String load(int sizeMb, int users) {
        return sizeMb + " MB × " + users;
    }
}
