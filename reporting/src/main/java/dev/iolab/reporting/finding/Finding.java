package dev.iolab.reporting.finding;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One answer a report gives, e.g. "buffering an 8 kB stream makes a byte-by-byte copy ×120 faster": a claim drawn
 * from the run's own cells, stated as ratios between cells of the same run (never as absolute times, which a rerun
 * on the same machine does not repeat). The section that draws it words it in its findings template; the report
 * computes each ratio with the interval a rerun is expected to land in, and checks the claim against a rerun.
 *
 * @param id     names the finding in its section's template and across runs, e.g. {@code buffering}
 * @param anchor the report heading that holds the table and chart behind it, as a Markdown link target, e.g.
 *               {@code #1-buffered-vs-unbuffered-copy-copybenchmark}
 * @param claims the ratios it rests on (at least one)
 * @param facts  words the template needs beside the ratios, e.g. {@code size} → {@code 1 MB}
 */
public record Finding(String id, String anchor, List<Claim> claims, Map<String, String> facts) {

    public Finding {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(anchor, "anchor");
        claims = List.copyOf(claims);
        facts = Map.copyOf(facts);
        if (claims.isEmpty()) {
            throw new IllegalArgumentException("finding " + id + " rests on no ratio");
        }
    }
}
