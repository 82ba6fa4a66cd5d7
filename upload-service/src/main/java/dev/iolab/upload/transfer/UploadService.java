package dev.iolab.upload.transfer;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.transfer.admission.Admission;
import dev.iolab.upload.transfer.body.BodySource;
import dev.iolab.upload.transfer.body.ContentMd5;
import dev.iolab.upload.transfer.body.MultipartBody;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.transfer.strategy.UploadStrategies;
import dev.iolab.upload.transfer.strategy.UploadStrategy;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.JsonOnly;
import dev.iolab.upload.web.ProblemException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.function.IOSupplier;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * What happens to an upload between the controller and its answer. Everything its head allows to refuse (an
 * {@code Accept} without JSON, strategy, name, size, missing length, Content-MD5; for multipart the content type) is
 * refused on the container thread, before
 * a worker or a body byte is spent on it. The rest runs on a worker through {@link Admission}: a multipart body's
 * fields before the file part are read and checked the same way, then {@link UploadTransfer} stores the file. Every
 * request's outcome is recorded once, whichever way it ends ({@link OutcomeRecorder}).
 */
@Service
class UploadService {

    /** Room for the multipart envelope (boundaries, part headers, small fields) on top of {@code upload.max-size}. */
    static final long MULTIPART_OVERHEAD = 64 * 1024;

    private final UploadStrategies strategies;
    private final UploadTransfer transfer;
    private final Admission admission;
    private final UploadMetrics metrics;
    private final long maxSize;

    UploadService(
            UploadStrategies strategies,
            UploadTransfer transfer,
            Admission uploadAdmission,
            UploadMetrics metrics,
            UploadProperties properties) {
        this.strategies = strategies;
        this.transfer = transfer;
        this.admission = uploadAdmission;
        this.metrics = metrics;
        this.maxSize = properties.maxSize().toBytes();
    }

    /**
     * Checks and admits an upload; the result is answered {@code 201} with the {@link StoredUpload} once it is
     * stored, or with the problem that ended it.
     *
     * @throws ProblemException when the head alone is refused, the client holds its share of the upload slots (429), or
     *     every slot is taken (503)
     */
    DeferredResult<ResponseEntity<StoredUpload>> accept(UploadRequest request) {
        OutcomeRecorder attempt = new OutcomeRecorder(metrics);
        UploadJob job;
        try {
            JsonOnly.requireAccepted(request.accept());
            job = switch (request.body()) {
                case BodySource.Raw raw -> {
                    CheckedUpload upload =
                            check(request, request.name(), request.strategy(), request.contentMd5(), attempt);
                    yield new UploadJob(attempt, () -> transfer.transfer(upload, raw.open(), raw.linger(), attempt));
                }
                case MultipartBody multipart -> {
                    if (!multipart.isMultipart()) {
                        throw new ProblemException(
                                UploadProblem.NOT_MULTIPART,
                                "POST /uploads takes multipart/form-data with a part named 'file', not "
                                        + multipart.contentType());
                    }
                    checkLength(request, strategy(request.strategy(), attempt));
                    yield new UploadJob(attempt, () -> {
                        MultipartBody.FilePart file = multipart.readToFile(request.name(), request.strategy());
                        CheckedUpload upload = check(request, file.name(), file.strategy(), file.contentMd5(), attempt);
                        return transfer.transfer(upload, file.content(), multipart.linger(), attempt);
                    });
                }
            };
        } catch (ProblemException e) {
            throw attempt.failed(e);
        }
        return admission.submit(request.client(), job);
    }

    /** The checks a file's head allows, in the order the client is answered: strategy, name, size, MD5. */
    private CheckedUpload check(
            UploadRequest request, String name, String strategyId, String md5, OutcomeRecorder attempt) {
        UploadStrategy strategy = strategy(strategyId, attempt);
        String blobName = BlobNames.validate(name);
        checkLength(request, strategy);
        boolean raw = request.body() instanceof BodySource.Raw;
        return new CheckedUpload(
                blobName,
                strategy,
                request.contentLength(),
                raw ? request.contentLength() : -1,
                parseMd5(md5),
                request.expectsContinue());
    }

    private UploadStrategy strategy(String id, OutcomeRecorder attempt) {
        UploadStrategy strategy = strategies.get(id);
        attempt.strategy(strategy.id());
        return strategy;
    }

    /**
     * A raw body may be {@code upload.max-size} (and no more than its strategy takes); a multipart one that plus its
     * envelope.
     */
    private void checkLength(UploadRequest request, UploadStrategy strategy) {
        long length = request.contentLength();
        long envelope = request.body() instanceof BodySource.Raw ? 0 : MULTIPART_OVERHEAD;
        long max = maxSize + envelope;
        if (length > max) {
            throw new ProblemException(
                    UploadProblem.TOO_LARGE, "Content-Length " + length + " exceeds the limit of " + max + " bytes");
        }
        long strategyMax = strategy.maxFileSize();
        if (strategyMax < maxSize && length > strategyMax + envelope) {
            List<String> others = new ArrayList<>(strategies.ids());
            others.remove(strategy.id());
            throw new ProblemException(
                    UploadProblem.TOO_LARGE,
                    "Content-Length " + length + " exceeds the " + strategyMax + " bytes " + strategy.id()
                            + " holds in memory; send it with one of " + others + ", which stream");
        }
        if (length < 0 && strategy.requiresLength()) {
            throw new ProblemException(
                    UploadProblem.LENGTH_REQUIRED,
                    strategy.id() + " sizes its buffer from Content-Length; send one or use another strategy");
        }
    }

    private static byte[] parseMd5(String header) {
        if (header == null) {
            return null;
        }
        byte[] md5 = ContentMd5.decode(header);
        if (md5 == null) {
            throw new ProblemException(UploadProblem.INVALID_CONTENT_MD5, "Content-MD5 must be the Base64 of 16 bytes");
        }
        return md5;
    }

    /** An admitted upload: runs its work, records its outcome, answers 201 with a Location. */
    private record UploadJob(OutcomeRecorder attempt, IOSupplier<StoredUpload> work)
            implements Admission.Job<ResponseEntity<StoredUpload>> {

        @Override
        public ResponseEntity<StoredUpload> run() {
            try {
                StoredUpload uploaded = work.get();
                attempt.succeeded(uploaded);
                URI location = URI.create(BlobNames.path(uploaded.name()));
                // The type is set, so the answer is JSON whatever Accept says (Accept was checked before the body).
                return ResponseEntity.created(location)
                        .contentType(MediaType.APPLICATION_JSON)
                        .body(uploaded);
            } catch (Exception | OutOfMemoryError e) {
                throw attempt.failed(e);
            }
        }

        @Override
        public void refused(ProblemException refusal) {
            attempt.failed(refusal);
        }
    }
}
