package dev.iolab.upload.transfer;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.connection.LingerLimits;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.storage.StorageRecoveringException;
import dev.iolab.upload.transfer.body.BodyException;
import dev.iolab.upload.transfer.body.BodyFailures;
import dev.iolab.upload.transfer.body.BodyLinger;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.transfer.strategy.UploadStrategy;
import dev.iolab.upload.web.ProblemException;
import java.io.IOException;
import java.io.InputStream;
import java.util.HexFormat;
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
 * body is answered through {@link BodyFailures}; a store failure leaves as the {@code StorageException} it is (a
 * container that was missing and has been created again, while bytes already read could not be sent twice, as 503
 * storage-recovering).
 */
@Component
class UploadTransfer {

    private static final Logger log = LoggerFactory.getLogger(UploadTransfer.class);

    private final MemoryBudget budget;
    private final InFlightUploads inFlight;
    private final LingerLimits linger;
    private final long maxSize;

    UploadTransfer(MemoryBudget budget, InFlightUploads inFlight, LingerLimits linger, UploadProperties properties) {
        this.budget = budget;
        this.inFlight = inFlight;
        this.linger = linger;
        this.maxSize = properties.maxSize().toBytes();
    }

    /**
     * Stores {@code raw} as {@code upload} describes it.
     *
     * @param raw the file's bytes, unread; not closed (the container owns the request stream)
     * @param unused when to stop reading the request's body once it is of no use
     * @param attempt told the bytes received, so that a failure is recorded with them
     */
    StoredUpload transfer(CheckedUpload upload, InputStream raw, BodyLinger unused, OutcomeRecorder attempt)
            throws IOException {
        UploadStrategy strategy = upload.strategy();
        long cost = strategy.memoryCost(upload.declaredLength());
        Optional<MemoryBudget.Reservation> reservation = budget.tryReserve(cost);
        if (reservation.isEmpty()) {
            if (!upload.expectsContinue()) {
                discard(raw, unused);
            }
            throw new ProblemException(
                    UploadProblem.MEMORY_BUDGET,
                    cost > budget.maxRequest()
                            ? strategy.id() + " needs " + cost + " bytes of the memory budget, more than one request"
                                    + " may hold (" + budget.maxRequest() + "); use another strategy"
                            : strategy.id() + " needs " + cost + " bytes of the memory budget; " + budget.used()
                                    + " of " + budget.max() + " are in use");
        }
        try (MemoryBudget.Reservation held = reservation.get()) {
            IncomingBody body = new IncomingBody(
                    raw, upload.declaredLength(), maxSize, upload.md5(), strategy.hashes(upload.declaredLength()));
            attempt.receiving(body::count);
            byte[] md5;
            try (AutoCloseable tracked = inFlight.track(body)) {
                md5 = strategy.upload(upload.name(), body, upload.declaredLength(), held);
            } catch (IOException | RuntimeException e) {
                held.close(); // before discarding the rest of the body, so that others can have the bytes meanwhile
                throw failure(e, body, raw, unused);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return new StoredUpload(
                    upload.name(),
                    body.count(),
                    HexFormat.of().formatHex(md5),
                    strategy.id(),
                    attempt.elapsed().toMillis());
        }
    }

    /** What ended the upload, as the client is to be answered; the unread rest of a refused body is discarded. */
    private RuntimeException failure(Exception e, IncomingBody body, InputStream raw, BodyLinger unused)
            throws IOException {
        IOException bodyFailure = e instanceof BodyException own ? own : body.failure();
        if (bodyFailure == null) {
            if (e instanceof StorageRecoveringException recovering) {
                discard(raw, unused);
                return new ProblemException(UploadProblem.STORAGE_RECOVERING, recovering.getMessage(), recovering);
            }
            if (e instanceof StorageException storage) {
                if (!body.finished()) {
                    discard(raw, unused);
                }
                return storage;
            }
            if (e instanceof IOException io) {
                throw io; // not the body's, not the store's: a bug, answered 500
            }
            return (RuntimeException) e;
        }
        ProblemException problem = BodyFailures.asProblem(bodyFailure, body.count());
        if (problem.problem().retryLater()) {
            discard(raw, unused);
        }
        return problem;
    }

    /**
     * Refusing while the client is still sending its body: read and discard the rest, so that closing the connection
     * after the answer does not reset it under the client before it has read the answer — a lingering close, bounded
     * as Tomcat's own after a refusal ({@link LingerLimits}: at most {@code server.tomcat.max-swallow-size} bytes, for
     * at most {@code upload.connections.linger-time}); a body that is not over by then is left unread, and the
     * connection closes. A client that sent {@code Expect: 100-continue} and was refused before its body was read has
     * sent nothing and is not read from.
     */
    private void discard(InputStream raw, BodyLinger unused) {
        unused.start(linger.time());
        try {
            IOUtils.consume(BoundedInputStream.builder()
                    .setInputStream(raw)
                    .setMaxCount(linger.maxBytes())
                    .get());
        } catch (IOException e) {
            log.debug("Discarding a refused upload's body ended early: {}", e.toString());
        }
    }
}
