package dev.iolab.bench;

import dev.iolab.bench.profiler.AllocationCountProfiler;
import dev.iolab.bench.profiler.StraceProfiler;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportFrame;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The frame of this module's JMH report ({@code jmh:report}): its title, what its ratios are, the cache state its
 * experiments ran in, where the published figures come from, and which entries are profiler runs whose times are not
 * measurements. The experiments' own sections live beside their benchmarks ({@code *ReportSection}).
 */
public final class BenchReportFrame implements ReportFrame {

    /**
     * Prefixes of the secondary metrics of the profilers that slow the benchmark down for their counts:
     * {@link AllocationCountProfiler} (every allocation outside TLABs, TLABs off) and {@link StraceProfiler}
     * (ptrace). An entry carrying them ran for its counts; its time is not a measurement.
     */
    static final List<String> INTRUSIVE_METRICS = List.of("allocs.", "strace.");

    @Override
    public String title() {
        return "iolab benchmark report";
    }

    @Override
    public String ratioKinds() {
        return "speed-ups, Java ÷ native, ours ÷ published";
    }

    @Override
    public String legendNote() {
        return "Details: `docs/benchmarks/report.md`.";
    }

    @Override
    public String cacheState(List<BenchmarkResult> results) {
        String walks = results.stream()
                .filter(r -> r.benchmark().equals(WalkReportSection.BENCHMARK))
                .map(r -> r.param(WalkReportSection.CACHE))
                .filter(Objects::nonNull)
                .distinct()
                .map(c -> c.toUpperCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
        return "copies: as each section's conditions say (sync, source cache); every operation writes its output anew"
                + (walks.isEmpty() ? "" : "; directory walk: " + walks);
    }

    @Override
    public String missingResultsHint() {
        return "or with a profile: `./mvnw -pl bench jmh:run -Djmh.profile=quick`";
    }

    @Override
    public String footnote() {
        return "Published figures come from the original experiments (files under `bench/published/`, whose columns say"
                + " the conditions each was measured in), on other machines and often other operating systems: they are"
                + " set only beside our cells measured in like conditions, and even then compare shapes and ratios"
                + " rather than absolute times.";
    }

    @Override
    public boolean measuresTime(BenchmarkResult entry) {
        return entry.secondary().keySet().stream()
                .noneMatch(k -> INTRUSIVE_METRICS.stream().anyMatch(k::startsWith));
    }
}
