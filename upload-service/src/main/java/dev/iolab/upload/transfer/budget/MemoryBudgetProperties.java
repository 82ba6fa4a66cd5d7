package dev.iolab.upload.transfer.budget;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The byte budget for memory an upload may hold while it runs ({@code upload.memory-budget.*}).
 *
 * @param enabled {@code false} turns admission control off (reproduces the original out-of-memory failures)
 * @param maxBytes budget; unset means half of the JVM's maximum heap
 * @param requestShare largest share of the budget one request may hold (0 < share <= 1), so that no single
 *                     request can take the whole budget
 * @param inMemoryMaxSize largest body the {@code in-memory} strategy holds; larger ones get 413 naming the other
 *                        strategies (the share of the budget caps it further)
 * @param growWait how long the first upload that finds the budget full may wait for room to grow into, while
 *                 every other upload that needs more is refused and gives its bytes back; 0 refuses at once
 */
@ConfigurationProperties("upload.memory-budget")
public record MemoryBudgetProperties(
        @DefaultValue("true") boolean enabled,
        DataSize maxBytes,
        @DefaultValue("0.25") double requestShare,
        @DefaultValue("64MB") DataSize inMemoryMaxSize,
        @DefaultValue("5s") Duration growWait) {

    /** The budget in bytes actually applied. */
    public long effectiveMaxBytes() {
        return maxBytes != null ? maxBytes.toBytes() : Runtime.getRuntime().maxMemory() / 2;
    }

    /** Most bytes one request may reserve: {@code requestShare} of the budget. */
    public long maxRequestBytes() {
        if (!(requestShare > 0 && requestShare <= 1)) {
            throw new IllegalStateException(
                    "upload.memory-budget.request-share must be in (0, 1], not " + requestShare);
        }
        return (long) (effectiveMaxBytes() * requestShare);
    }
}
