package dev.iolab.upload.upload;

import dev.iolab.upload.system.UploadProperties;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.BoundedInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Moves one admitted upload's bytes into the store, on a worker thread: reserves the strategy's memory cost from the
 * {@link MemoryBudget} (or refuses with 503 memory-budget), wraps the body in an {@link IncomingBody} (size limit,
 * declared length, MD5), runs the strategy, and gives the reservation back however it ends. A failure caused by the
 * body is answered through {@link BodyFailures}; a store failure leaves as the {@code StorageException} it is.
 */
@Component
class UploadTransfer {

    private static final Logger log = LoggerFactory.getLogger(UploadTransfer.class);

    private final MemoryBudget budget;
    private final long maxSize;

    UploadTransfer(MemoryBudget budget, UploadProperties properties) {
        this.budget = budget;
        this.maxSize = properties.maxSize().toBytes();
    }

    /**
     * Stores {@code raw} as {@code upload} describes it.
     *
     * @param raw the file's bytes, unread; not closed (the container owns the request stream)
     * @param attempt told the bytes received, so that a failure is recorded with them
     */
    UploadResult transfer(Upload upload, InputStream raw, UploadAttempt attempt) throws IOException {
        UploadStrategy strategy = upload.strategy();
        long cost = strategy.memoryCost(upload.length());
        Optional<MemoryBudget.Reservation> reservation = budget.tryReserve(cost);
        if (reservation.isEmpty()) {
            discardUnaskedBody(raw, upload.expectsContinue());
            throw new UploadException(
                    ProblemType.MEMORY_BUDGET,
                    strategy.id() + " needs " + cost + " bytes of the memory budget; " + budget.used() + " of "
                            + budget.max() + " are in use");
        }
        try (MemoryBudget.Reservation held = reservation.get()) {
            IncomingBody body = new IncomingBody(raw, upload.declaredLength(), maxSize, upload.md5());
            attempt.receiving(body::count);
            try {
                strategy.upload(upload.name(), body, upload.length());
            } catch (IOException | RuntimeException e) {
                IOException failure = e instanceof BodyException own ? own : body.failure();
                if (failure == null) {
                    throw e; // not the body's fault: the store failed, or a bug
                }
                throw BodyFailures.asProblem(failure, body.count());
            }
            return new UploadResult(
                    upload.name(),
                    body.count(),
                    body.md5Hex(),
                    strategy.id(),
                    attempt.elapsed().toMillis());
        }
    }

    /**
     * Refusing after the client already sent its body without waiting for {@code 100 Continue}: read and discard it
     * (at most {@code upload.max-size}), so that closing the connection after the 503 does not reset it under the
     * client before it has read the answer. A client that sent {@code Expect: 100-continue} has sent nothing and is
     * not read from.
     */
    private void discardUnaskedBody(InputStream raw, boolean expectsContinue) {
        if (expectsContinue) {
            return;
        }
        try {
            IOUtils.consume(BoundedInputStream.builder()
                    .setInputStream(raw)
                    .setMaxCount(maxSize)
                    .get());
        } catch (IOException e) {
            log.debug("Discarding a refused upload's body failed: {}", e.toString());
        }
    }
}
