package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.transfer.budget.MemoryBudgetProperties;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The six strategies by ID, and the configured default. */
@Component
public class UploadStrategies {

    private final Map<String, UploadStrategy> byId = new LinkedHashMap<>();
    private final UploadStrategy defaultStrategy;

    public UploadStrategies(
            BlobStorage storage, UploadProperties properties, MemoryBudgetProperties budget, SpoolDirectory spool) {
        long inMemoryMax = Math.min(budget.inMemoryMaxSize().toBytes(), budget.maxRequestBytes());
        List.of(
                        new InMemoryUploadStrategy(storage, inMemoryMax),
                        new OnDemandUploadStrategy(storage),
                        new FixedBufferUploadStrategy("buffer-4k", 4 * 1024, storage),
                        new FixedBufferUploadStrategy("buffer-4m", 4 * 1024 * 1024, storage),
                        new FixedBufferUploadStrategy("buffer-8m", 8 * 1024 * 1024, storage),
                        new TempFileUploadStrategy(storage, spool))
                .forEach(s -> byId.put(s.id(), s));
        defaultStrategy = byId.get(properties.defaultStrategy());
        if (defaultStrategy == null) {
            throw new IllegalStateException(
                    "upload.default-strategy '" + properties.defaultStrategy() + "' is not one of " + byId.keySet());
        }
    }

    /** Every strategy's ID, in the order above (what {@code /actuator/info} lists). */
    public List<String> ids() {
        return List.copyOf(byId.keySet());
    }

    /** The ID of the configured default strategy. */
    String defaultId() {
        return defaultStrategy.id();
    }

    /** The strategy with this ID, the default for null or blank, or 400 unknown-strategy. */
    public UploadStrategy get(String id) {
        if (id == null || id.isBlank()) {
            return defaultStrategy;
        }
        UploadStrategy strategy = byId.get(id);
        if (strategy == null) {
            throw new ProblemException(
                    UploadProblem.UNKNOWN_STRATEGY, "strategy '" + id + "' is not one of " + byId.keySet());
        }
        return strategy;
    }
}
