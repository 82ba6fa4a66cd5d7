package dev.iolab.upload.transfer.shedding;

import java.util.Comparator;
import java.util.List;

/**
 * The shedding policy, on its own: while at least {@code threshold} uploads run, cut the slowest of those whose bodies
 * came slower than {@code belowRate}, as many as it takes to bring the running uploads below the threshold — and no
 * others: an upload at or above the rate, or not yet measured over a whole window, is never cut, so under pressure
 * from fast uploads nothing is cut at all (admission refuses the excess instead).
 */
final class SlowestFirst {

    /**
     * An upload waiting for its client's bytes now.
     *
     * @param bytesPerSecond its body's recent rate, or a negative number when not yet measured over a whole window
     */
    record Candidate<T>(T upload, double bytesPerSecond) {}

    private SlowestFirst() {}

    /**
     * @param candidates the running uploads that wait for their clients' bytes now and have not been cut yet
     * @param running the uploads running now, not counting those already cut
     * @param threshold how many running uploads are pressure (at least 1)
     * @param belowRate bytes per second under which an upload may be cut
     * @return the uploads to cut, slowest first
     */
    static <T> List<T> choose(List<Candidate<T>> candidates, int running, int threshold, double belowRate) {
        if (running < threshold) {
            return List.of();
        }
        return candidates.stream()
                .filter(candidate -> candidate.bytesPerSecond() >= 0 && candidate.bytesPerSecond() < belowRate)
                .sorted(Comparator.comparingDouble(Candidate::bytesPerSecond))
                .limit(running - threshold + 1L)
                .map(Candidate::upload)
                .toList();
    }
}
