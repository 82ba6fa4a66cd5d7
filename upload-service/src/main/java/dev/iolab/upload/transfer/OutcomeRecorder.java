package dev.iolab.upload.transfer;

import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One upload request in the metrics, from the moment it is handed to the service to its answer. However it ends —
 * stored, refused from its head, refused by admission or the memory budget, failed mid-body or in the store — the
 * code that ends it calls {@link #succeeded} or {@link #failed} once, which records the outcome tagged with the
 * strategy known by then ({@value #UNKNOWN} before one was resolved) and the bytes received until then.
 */
final class OutcomeRecorder {

    static final String UNKNOWN = "unknown";

    private static final Logger log = LoggerFactory.getLogger(OutcomeRecorder.class);

    private final UploadMetrics metrics;
    private final long start = System.nanoTime();
    private volatile String strategy = UNKNOWN;
    private volatile LongSupplier received = () -> 0;

    OutcomeRecorder(UploadMetrics metrics) {
        this.metrics = metrics;
    }

    /** The strategy the upload uses from now on (a multipart field may replace the query's). */
    void strategy(String id) {
        this.strategy = id;
    }

    /** Where to read how many bytes of the file have been received, once the body is being read. */
    void receiving(LongSupplier bytesReceived) {
        this.received = bytesReceived;
    }

    /** Time since the request was handed to the service. */
    Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    void succeeded(StoredUpload result) {
        metrics.record(result.strategy(), UploadOutcome.SUCCESS, elapsed(), result.size());
    }

    /**
     * Records a failure and returns what the client is answered with: a {@link ProblemException} (the
     * feature's own problems, and a name or {@code Accept} refused) or a {@link StorageException} as it
     * is; anything else is a bug or the JVM's distress, logged at ERROR with its stack
     * trace and answered 500. A client's fault is logged at DEBUG (a body too slow at INFO: a sign of a slow client or
     * an attack) on one line without a stack trace; a store failure is logged by the problem handler.
     */
    RuntimeException failed(Throwable e) {
        if (e instanceof ProblemException upload) {
            UploadOutcome outcome = UploadOutcome.of(upload.problem());
            if (upload.problem() == WebProblem.BODY_TOO_SLOW) {
                log.info("Upload ({}) cut off: {}", strategy, upload.getMessage());
            } else if (outcome != UploadOutcome.STORAGE_ERROR) {
                log.debug(
                        "Upload ({}) refused, {}: {}",
                        strategy,
                        upload.problem().title(),
                        upload.getMessage());
            }
            record(outcome);
            return upload;
        }
        if (e instanceof StorageException storage) {
            record(UploadOutcome.STORAGE_ERROR);
            return storage;
        }
        log.error("Upload failed unexpectedly", e);
        record(UploadOutcome.STORAGE_ERROR);
        return new ProblemException(WebProblem.INTERNAL, "upload failed: " + e, e);
    }

    private void record(UploadOutcome outcome) {
        metrics.record(strategy, outcome, elapsed(), received.getAsLong());
    }
}
