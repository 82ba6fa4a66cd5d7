package dev.iolab.loadtest.study.findings;

import java.util.List;
import java.util.Map;

/**
 * One thing a study run found, with its figures, the ceiling they are set against and the table behind them
 * ({@code section}, a link target in the run's report). The sentences are the templates'; a finding holds no prose.
 */
public sealed interface Finding {

    /** The report section whose table holds this finding's figures. */
    String section();

    /**
     * The service's heap at the heaviest load measured with the memory budget on (or off): which strategies kept the
     * service up, how much heap they used beside the {@code -Xmx} ceiling, and what the budget refused.
     *
     * @param held        strategies whose cell left the service up, in report order
     * @param down        strategies whose cell took it down (unhealthy or OutOfMemoryError)
     * @param peakHeapMib peak heap over the held cells; null when none held or none was sampled
     * @param lowest      the held strategy with the lowest peak heap; null as above
     * @param highest     the held strategy with the highest peak heap; null as above
     * @param heapMib     the {@code -Xmx} ceiling; null when unknown
     * @param refused     uploads refused per cell, over the cells that refused any; null when none did
     * @param refusedBy   why: the problem types of the refusals, in order
     */
    record Memory(
            boolean budget,
            String load,
            int users,
            List<String> held,
            List<String> down,
            Spread peakHeapMib,
            String lowest,
            String highest,
            Double heapMib,
            Spread refused,
            List<String> refusedBy,
            String section)
            implements Finding {}

    /**
     * Uploads that failed (reset, timeout, 5xx, wrong MD5) in any cell with the memory budget on.
     *
     * @param cells  cells measured with the budget on
     * @param losses the cells that lost any, in report order
     */
    record Losses(int cells, List<Loss> losses, String section) implements Finding {}

    /** One cell's failed uploads. */
    record Loss(String strategy, String load, int failed, Map<String, Integer> failedBy, boolean down) {}

    /** What nginx's hop costs by itself: its burst time ÷ the clients' straight to the store. */
    record Hop(String load, Spread timeRatio, String section) implements Finding {}

    /**
     * How close each strategy came to one ceiling at one load: its time ÷ the ceiling's, closest first.
     *
     * @param ceiling {@link StudyFigures#NGINX}, {@link StudyFigures#STORAGE} or {@link StudyFigures#DIRECT}
     */
    record Beside(String ceiling, String load, List<Entry> entries, String section) implements Finding {}

    /**
     * One strategy beside a ceiling.
     *
     * @param inPairs the median and range over pairs of bursts, each right beside the ceiling's; else one burst ÷ the
     *                ceiling's one burst in the same run
     */
    record Entry(String strategy, Spread timeRatio, boolean inPairs) {}

    /**
     * The soak: uploads stored and the live heap after it against its baseline before.
     *
     * @param back the heap after is within {@code toleranceMib} of its baseline
     */
    record Soak(
            int uploads,
            int accepted,
            int failed,
            boolean down,
            double baselineMib,
            double afterMib,
            double changeMib,
            boolean back,
            double toleranceMib,
            String section)
            implements Finding {}
}
