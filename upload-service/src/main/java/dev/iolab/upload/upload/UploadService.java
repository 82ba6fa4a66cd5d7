package dev.iolab.upload.upload;

import dev.iolab.upload.metrics.UploadMetrics;
import dev.iolab.upload.metrics.UploadOutcome;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.system.UploadProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.FileUploadException;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletFileUpload;
import org.apache.commons.io.IOUtils;
import org.apache.commons.io.input.BoundedInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.ResponseEntity;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.stereotype.Service;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.util.UriUtils;

/**
 * Admits uploads on the container thread and runs them on the {@code uploadExecutor}. Everything that can be
 * refused without the body (auth, name, strategy, size, length, queue) is refused before the body is read; the
 * body is read only on the executor thread, after the upload got its memory budget. A queued upload whose request
 * times out is cancelled and never touches the request; a running one keeps the request until it has finished
 * with it.
 */
@Service
class UploadService {

    private static final Logger log = LoggerFactory.getLogger(UploadService.class);
    /** Room for the multipart envelope (boundaries, part headers, small fields) on top of {@code upload.max-size}. */
    private static final long MULTIPART_OVERHEAD = 64 * 1024;

    private static final String UNKNOWN = "unknown";

    private final UploadStrategies strategies;
    private final MemoryBudget budget;
    private final UploadMetrics metrics;
    private final ThreadPoolTaskExecutor executor;
    private final long maxSize;
    private final long asyncTimeoutMillis;

    UploadService(
            UploadStrategies strategies,
            MemoryBudget budget,
            UploadMetrics metrics,
            @Qualifier("uploadExecutor") ThreadPoolTaskExecutor executor,
            UploadProperties properties) {
        this.strategies = strategies;
        this.budget = budget;
        this.metrics = metrics;
        this.executor = executor;
        this.maxSize = properties.maxSize().toBytes();
        this.asyncTimeoutMillis = properties.executor().asyncTimeout().toMillis();
    }

    /** {@code PUT /uploads/{name}}: the body is the file. */
    DeferredResult<ResponseEntity<UploadResult>> acceptRaw(String name, String strategyId, HttpServletRequest request) {
        long start = System.nanoTime();
        String tag = UNKNOWN;
        try {
            UploadStrategy strategy = strategies.get(strategyId);
            tag = strategy.id();
            BlobNames.validate(name);
            long length = request.getContentLengthLong();
            checkLength(length, maxSize, strategy);
            byte[] md5 = parseMd5(request.getHeader("Content-MD5"));
            return submit(
                    new Job(
                            start,
                            tag,
                            job -> transfer(job, name, strategy, length, length, md5, request.getInputStream())),
                    request);
        } catch (UploadException e) {
            metrics.record(tag, outcomeOf(e.problem()), elapsed(start), 0);
            throw e;
        }
    }

    /**
     * {@code POST /uploads} multipart: a part named {@code file}; optional fields {@code strategy} and
     * {@code name} must come before it (the body is streamed, not parsed ahead).
     */
    DeferredResult<ResponseEntity<UploadResult>> acceptMultipart(
            String strategyId, String name, HttpServletRequest request) {
        long start = System.nanoTime();
        String tag = UNKNOWN;
        try {
            if (!JakartaServletFileUpload.isMultipartContent(request)) {
                throw new UploadException(
                        ProblemType.NOT_MULTIPART,
                        "POST /uploads takes multipart/form-data with a part named 'file', not "
                                + request.getContentType());
            }
            UploadStrategy queryStrategy = strategies.get(strategyId);
            tag = queryStrategy.id();
            long length = request.getContentLengthLong();
            checkLength(length, maxSize + MULTIPART_OVERHEAD, queryStrategy);
            return submit(new Job(start, tag, job -> readMultipart(job, strategyId, name, length, request)), request);
        } catch (UploadException e) {
            metrics.record(tag, outcomeOf(e.problem()), elapsed(start), 0);
            throw e;
        }
    }

    private UploadResult readMultipart(Job job, String strategyId, String name, long length, HttpServletRequest request)
            throws IOException {
        String strategyField = strategyId;
        String nameField = name;
        FileItemInput file = null;
        try {
            FileItemInputIterator items = new JakartaServletFileUpload<>().getItemIterator(request);
            while (file == null && items.hasNext()) {
                FileItemInput item = items.next();
                if (!item.isFormField()) {
                    if ("file".equals(item.getFieldName())) {
                        file = item;
                    }
                } else if ("strategy".equals(item.getFieldName())) {
                    strategyField = readField(item);
                } else if ("name".equals(item.getFieldName())) {
                    nameField = readField(item);
                }
            }
        } catch (IOException e) {
            if (IncomingBody.find(e, FileUploadException.class) != null) {
                throw new UploadException(
                        ProblemType.MULTIPART_SHAPE, "malformed multipart body: " + e.getMessage(), e);
            }
            if (IncomingBody.find(e, EOFException.class) != null) {
                throw new UploadException(ProblemType.INCOMPLETE_BODY, "the body ended early", e);
            }
            throw new UploadException(ProblemType.CLIENT_ABORTED, "reading the body failed: " + e, e);
        }
        if (file == null) {
            throw new UploadException(ProblemType.MULTIPART_SHAPE, "no file part named 'file'");
        }
        UploadStrategy strategy = strategies.get(strategyField);
        job.strategy = strategy.id();
        String blobName = BlobNames.validate(nameField != null ? nameField : file.getName());
        checkLength(length, maxSize + MULTIPART_OVERHEAD, strategy);
        byte[] md5 = parseMd5(file.getHeaders().getHeader("Content-MD5"));
        return transfer(job, blobName, strategy, length, -1, md5, file.getInputStream());
    }

    private static String readField(FileItemInput item) throws IOException {
        try (InputStream in = BoundedInputStream.builder()
                .setInputStream(item.getInputStream())
                .setMaxCount(4096)
                .get()) {
            return IOUtils.toString(in, StandardCharsets.UTF_8).strip();
        }
    }

    /** Runs on the executor thread: reserve budget, then read and store. */
    private UploadResult transfer(
            Job job,
            String name,
            UploadStrategy strategy,
            long requestLength,
            long declaredLength,
            byte[] md5,
            InputStream raw)
            throws IOException {
        long cost = strategy.memoryCost(requestLength);
        if (!budget.tryAcquire(cost)) {
            job.discardUnaskedBody(raw);
            throw new UploadException(
                    ProblemType.MEMORY_BUDGET,
                    strategy.id() + " needs " + cost + " bytes of the memory budget; " + budget.used() + " of "
                            + budget.max() + " are in use");
        }
        try {
            IncomingBody body = new IncomingBody(raw, declaredLength, maxSize, md5);
            job.body = body;
            try {
                strategy.upload(name, body, requestLength);
            } catch (BodyException e) {
                throw new UploadException(e.problem(), e.getMessage(), e);
            } catch (IOException | RuntimeException e) {
                if (body.failure() != null) {
                    throw body.failureAsProblem();
                }
                throw e;
            }
            return new UploadResult(
                    name,
                    body.count(),
                    body.md5Hex(),
                    strategy.id(),
                    elapsed(job.start).toMillis());
        } finally {
            budget.release(cost);
        }
    }

    private DeferredResult<ResponseEntity<UploadResult>> submit(Job job, HttpServletRequest request) {
        job.expectsContinue = "100-continue".equalsIgnoreCase(request.getHeader("Expect"));
        DeferredResult<ResponseEntity<UploadResult>> result = new DeferredResult<>(asyncTimeoutMillis);
        job.result = result;
        result.onTimeout(job::onContainerGivesUp);
        result.onError(error -> job.onContainerGivesUp());
        try {
            job.future = executor.submit(job);
        } catch (RejectedExecutionException e) {
            throw new UploadException(
                    ProblemType.QUEUE_FULL,
                    "all " + executor.getMaxPoolSize() + " upload threads are busy and " + executor.getQueueCapacity()
                            + " uploads are waiting",
                    e);
        }
        return result;
    }

    private static void checkLength(long length, long max, UploadStrategy strategy) {
        if (length > max) {
            throw new UploadException(
                    ProblemType.TOO_LARGE, "Content-Length " + length + " exceeds the limit of " + max + " bytes");
        }
        if (length < 0 && strategy.requiresLength()) {
            throw new UploadException(
                    ProblemType.LENGTH_REQUIRED,
                    strategy.id() + " sizes its buffer from Content-Length; send one or use another strategy");
        }
    }

    private static byte[] parseMd5(String header) {
        if (header == null) {
            return null;
        }
        try {
            byte[] md5 = Base64.getDecoder().decode(header.strip());
            if (md5.length == 16) {
                return md5;
            }
        } catch (IllegalArgumentException e) {
            // answered below
        }
        throw new UploadException(ProblemType.INVALID_CONTENT_MD5, "Content-MD5 must be the Base64 of 16 bytes");
    }

    static UploadOutcome outcomeOf(ProblemType problem) {
        if (problem.isCapacityRefusal()) {
            return UploadOutcome.REJECTED;
        }
        return switch (problem) {
            case CLIENT_ABORTED -> UploadOutcome.ABORTED;
            case STORAGE_TIMEOUT, STORAGE_UNAVAILABLE, INTERNAL -> UploadOutcome.STORAGE_ERROR;
            default -> UploadOutcome.CLIENT_ERROR;
        };
    }

    private static Duration elapsed(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    @FunctionalInterface
    private interface Work {
        UploadResult run(Job job) throws IOException;
    }

    private enum State {
        QUEUED,
        RUNNING,
        CANCELLED,
        DONE
    }

    /** One admitted upload; the state decides who answers: the worker, or the container when still queued. */
    private final class Job implements Runnable {

        final long start;
        final Work work;
        final AtomicReference<State> state = new AtomicReference<>(State.QUEUED);
        final CountDownLatch finished = new CountDownLatch(1);
        volatile String strategy;
        volatile IncomingBody body;
        volatile DeferredResult<ResponseEntity<UploadResult>> result;
        volatile Future<?> future;

        /** Whether the client sent {@code Expect: 100-continue}, i.e. waits for our go before sending its body. */
        volatile boolean expectsContinue;

        Job(long start, String strategy, Work work) {
            this.start = start;
            this.strategy = strategy;
            this.work = work;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(State.QUEUED, State.RUNNING)) {
                return; // timed out while queued: the container has answered and may have recycled the request
            }
            try {
                UploadResult uploaded = work.run(this);
                metrics.record(uploaded.strategy(), UploadOutcome.SUCCESS, elapsed(start), uploaded.size());
                URI location = URI.create("/uploads/" + UriUtils.encodePath(uploaded.name(), StandardCharsets.UTF_8));
                result.setResult(ResponseEntity.created(location).body(uploaded));
            } catch (UploadException e) {
                fail(outcomeOf(e.problem()), e);
            } catch (StorageException e) {
                fail(UploadOutcome.STORAGE_ERROR, e);
            } catch (Exception | OutOfMemoryError e) {
                log.error("Upload failed unexpectedly", e);
                fail(UploadOutcome.STORAGE_ERROR, new UploadException(ProblemType.INTERNAL, "upload failed: " + e, e));
            } finally {
                state.set(State.DONE);
                finished.countDown();
            }
        }

        /**
         * Refusing on this thread (memory budget) after the client already sent its body without waiting for
         * {@code 100 Continue}: read and discard it (at most {@code upload.max-size}), so that closing the connection
         * after the 503 does not reset it under the client before it has read the answer. A client that sent
         * {@code Expect: 100-continue} has sent nothing and is not read from.
         */
        void discardUnaskedBody(InputStream raw) {
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

        private void fail(UploadOutcome outcome, RuntimeException e) {
            IncomingBody b = body;
            metrics.record(strategy, outcome, elapsed(start), b == null ? 0 : b.count());
            result.setErrorResult(e);
        }

        /**
         * Container thread, on async timeout or error. Still queued: cancel and answer 503 here. Running: wait
         * until the worker is done with the request (it answers itself), so the request is never recycled under it.
         */
        void onContainerGivesUp() {
            if (state.compareAndSet(State.QUEUED, State.CANCELLED)) {
                future.cancel(false);
                metrics.record(strategy, UploadOutcome.REJECTED, elapsed(start), 0);
                result.setErrorResult(new UploadException(
                        ProblemType.QUEUE_TIMEOUT,
                        "the upload waited " + elapsed(start).toMillis() + " ms for a thread and was cancelled"));
                return;
            }
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
