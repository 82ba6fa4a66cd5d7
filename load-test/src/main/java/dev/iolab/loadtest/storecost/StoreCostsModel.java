package dev.iolab.loadtest.storecost;

import static dev.iolab.reporting.markdown.Figures.fixed;

import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code store-costs.md} shows, worked out from a {@link StoreCostsResult}: per request type the store's CPU per
 * request and its ratio to the Put Blob of the same pass, as medians over the passes with the lowest and highest, and
 * what one valet-key completion adds. Records in, records out, no I/O; the sentences are in
 * {@code store-costs.mustache}. Figures arrive as the report prints them.
 *
 * @param runRows         the rows every study's report opens with ({@code RunInfo#rows}), rendered
 * @param passes          passes measured
 * @param blobs           blobs per request type and pass
 * @param sizeMb          the Put Blob's size, MiB
 * @param threads         threads sending one request type
 * @param requests        one row per request type, in the order the service sends them
 * @param completion      a completion's CPU ms per upload, median (lowest–highest)
 * @param completionRatio that ÷ the Put Blob's, median (lowest–highest)
 */
record StoreCostsModel(
        String runRows,
        int passes,
        int blobs,
        int sizeMb,
        int threads,
        List<Request> requests,
        String completion,
        String completionRatio) {

    /**
     * One request type's row.
     *
     * @param cpuMs Azurite CPU ms per request, median (lowest–highest)
     * @param ratio ÷ the Put Blob of the same pass, median (lowest–highest)
     * @param wall  median wall seconds for all blobs, or {@link Figures#NONE}
     */
    record Request(String request, String purpose, String cpuMs, String ratio, String wall) {}

    static StoreCostsModel of(StoreCostsResult result) {
        List<StoreCosts.Measured> measured = result.measured();
        List<Integer> passes = passes(measured);
        List<Double> completion = new ArrayList<>();
        List<Double> completionRatio = new ArrayList<>();
        for (int pass : passes) {
            double ms = measured.stream()
                    .filter(m -> m.pass() == pass && m.request().completion())
                    .mapToDouble(StoreCosts.Measured::cpuMsPerRequest)
                    .sum();
            completion.add(ms);
            ratio(ms, find(measured, StoreRequest.PUT_BLOB, pass)).ifPresent(completionRatio::add);
        }
        return new StoreCostsModel(
                result.run().rows("after each pass", "").render(),
                passes.size(),
                result.blobs(),
                result.sizeMb(),
                result.threads(),
                List.of(StoreRequest.values()).stream()
                        .map(r -> request(measured, passes, r))
                        .toList(),
                Figures.spread(completion, 2),
                Figures.spread(completionRatio, 3));
    }

    /** "pass" or "passes", as the count asks. */
    public String passWord() {
        return passes == 1 ? "pass" : "passes";
    }

    private static Request request(List<StoreCosts.Measured> measured, List<Integer> passes, StoreRequest request) {
        List<Double> cpu = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> wall = new ArrayList<>();
        for (int pass : passes) {
            find(measured, request, pass).ifPresent(m -> {
                cpu.add(m.cpuMsPerRequest());
                wall.add(m.wallSeconds());
                ratio(m.cpuMsPerRequest(), find(measured, StoreRequest.PUT_BLOB, pass))
                        .ifPresent(ratios::add);
            });
        }
        return new Request(
                request.request(),
                request.purpose(),
                Figures.spread(cpu, 2),
                Figures.spread(ratios, 3),
                cpu.isEmpty() ? Figures.NONE : fixed(Medians.of(wall), 2));
    }

    private static List<Integer> passes(List<StoreCosts.Measured> measured) {
        return measured.stream()
                .map(StoreCosts.Measured::pass)
                .distinct()
                .sorted()
                .toList();
    }

    static Optional<StoreCosts.Measured> find(List<StoreCosts.Measured> measured, StoreRequest request, int pass) {
        return measured.stream()
                .filter(m -> m.request() == request && m.pass() == pass)
                .findFirst();
    }

    private static Optional<Double> ratio(double cpuMs, Optional<StoreCosts.Measured> putBlob) {
        return putBlob.filter(p -> p.cpuMsPerRequest() > 0).map(p -> cpuMs / p.cpuMsPerRequest());
    }
}
