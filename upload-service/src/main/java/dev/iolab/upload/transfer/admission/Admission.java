package dev.iolab.upload.transfer.admission;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientShares;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemHandler;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Admission of work that holds an HTTP request open: a bounded number of slots (worker threads + waiting places), of
 * which one client holds at most its share, answered through a {@link DeferredResult} so that no container thread
 * waits for a worker. It knows nothing about what a job does with its request.
 * <ul>
 *   <li>every slot is taken: refused at once, {@link #submit} throws 503 queue-full;
 *   <li>the client holds its share of the slots already: refused at once, 429 over-share;
 *   <li>admitted: the job waits in a queue that is fair among clients ({@link ClientQueue}: a client runs at most its
 *       share of the threads while others wait), then runs on a worker;
 *   <li>still queued when the container gives up on the request (async timeout or error): cancelled, its slot freed,
 *       answered 503 queue-timeout here; it never runs, so it never touches the recycled request;
 *   <li>running: the job owns the request until it returns; a container thread that gives up on it meanwhile waits for
 *       it ({@link #overdue()} counts those), so the request is never recycled under it. When the container refused
 *       the job's answer because it was erroring the request at that moment (a body that ended early: Tomcat flags the
 *       read failure and the job's dispatch meets that error state), the waiting container thread dispatches the
 *       answer itself, from the error callback, where the container takes a dispatch: the client gets the job's
 *       problem (400 incomplete-body), not the container's 500.
 * </ul>
 * A job's slot (and its client's share) is free <i>before</i> its answer is set: a client that sends its next upload
 * as soon as it has read an answer finds the slot free. Capacity refusals carry {@code Retry-After} ({@link
 * ProblemHandler}).
 */
public final class Admission {

    private static final Logger log = LoggerFactory.getLogger(Admission.class);

    /**
     * Work to run on a worker thread.
     *
     * @param <R> what the request is answered with
     */
    public interface Job<R> {

        /** Runs on a worker thread and owns the request until it returns; its value or exception is the answer. */
        R run() throws Exception;

        /**
         * The job will never run: its client was over its share or every slot was taken (called before {@link #submit}
         * throws), or it waited too long in the queue (called on the container thread, before the refusal is answered).
         */
        void refused(ProblemException refusal);
    }

    private enum State {
        QUEUED,
        RUNNING,
        CANCELLED,
        DONE
    }

    private final String work;
    private final ThreadPoolTaskExecutor executor;
    private final ClientQueue queue;
    private final ClientShares shares;
    private final int capacity;
    private final Counter rejected;
    private final long timeoutMillis;
    private final AtomicInteger admitted = new AtomicInteger();
    private final AtomicInteger overdue = new AtomicInteger();

    /**
     * @param work what the jobs are, singular, for the refusals' details (e.g. {@code upload})
     * @param executor the worker threads, over {@code queue}
     * @param queue the executor's queue
     * @param shares each client's share of the slots
     * @param rejected counts the refusals for want of a slot (not those of a client over its share)
     * @param timeout how long a request may wait and run in total before the container gives up on it
     */
    Admission(
            String work,
            ThreadPoolTaskExecutor executor,
            ClientQueue queue,
            ClientShares shares,
            Counter rejected,
            Duration timeout) {
        this.work = work;
        this.executor = executor;
        this.queue = queue;
        this.shares = shares;
        this.capacity = executor.getMaxPoolSize() + executor.getQueueCapacity();
        this.rejected = rejected;
        this.timeoutMillis = timeout.toMillis();
    }

    /**
     * Admits {@code job} for {@code client}; the returned result is answered by the job, or with 503 queue-timeout.
     *
     * @throws ProblemException 503 queue-full when every slot is taken, 429 over-share when the client holds its share
     *     of them
     */
    public <R> DeferredResult<R> submit(ClientKey client, Job<R> job) {
        if (admitted.incrementAndGet() > capacity) {
            admitted.decrementAndGet();
            throw refuse(job, null);
        }
        ClientShares.Hold share;
        try {
            share = shares.take(client);
        } catch (ProblemException overShare) {
            admitted.decrementAndGet();
            job.refused(overShare);
            throw overShare;
        }
        DeferredResult<R> result = new DeferredResult<>(timeoutMillis);
        Ticket<R> ticket = new Ticket<>(client, share, job, result, currentRequest());
        result.onTimeout(ticket::containerGivesUp);
        result.onError(error -> ticket.containerGivesUp());
        try {
            executor.execute(ticket);
        } catch (RejectedExecutionException e) { // shutting down
            ticket.free();
            throw refuse(job, e);
        }
        return result;
    }

    /**
     * An admission over an executor of its own, as the service's configuration builds it (there the executor is a bean,
     * for Boot's executor metrics): {@code threads} workers, all started, over a {@link ClientQueue}.
     *
     * @param clientShare each client's share of the threads and of the slots ({@code upload.client-share.uploads})
     * @param reserved of the threads and of the slots, the part kept for clients that hold none ({@code
     *     upload.client-share.reserved})
     */
    public static Admission create(
            String work,
            int threads,
            int queueCapacity,
            double clientShare,
            double reserved,
            Duration timeout,
            MeterRegistry registry) {
        ClientQueue queue = AdmissionConfiguration.queue(threads, queueCapacity, clientShare, reserved);
        ThreadPoolTaskExecutor executor = AdmissionConfiguration.executor(work, threads, queueCapacity, queue);
        executor.initialize();
        int slots = threads + queueCapacity;
        int limit = ClientShares.limit(slots, clientShare);
        ClientShares shares =
                new ClientShares(work + " slots", slots, limit, ClientShares.reserve(slots, limit, reserved), registry);
        return new Admission(
                work, executor, queue, shares, registry.counter("executor.rejected", "name", work), timeout);
    }

    /** Stops the workers, letting running jobs finish. */
    public void shutdown() {
        executor.shutdown();
    }

    /** The request this container thread serves, or null outside one (a test calling directly). */
    private static HttpServletRequest currentRequest() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? attributes.getRequest()
                : null;
    }

    private ProblemException refuse(Job<?> job, RejectedExecutionException cause) {
        rejected.increment();
        ProblemException refusal = new ProblemException(
                UploadProblem.QUEUE_FULL,
                "all " + capacity + " " + work + " slots are taken (" + executor.getMaxPoolSize() + " running, "
                        + executor.getQueueCapacity() + " waiting)",
                cause);
        job.refused(refusal);
        return refusal;
    }

    /** Upload threads: the most jobs that run at once. */
    public int threads() {
        return executor.getMaxPoolSize();
    }

    /** Jobs running now, each on a thread of its own. */
    public int running() {
        return queue.running();
    }

    /** Jobs admitted now: running and waiting. */
    public int admitted() {
        return admitted.get();
    }

    /** Requests the container has given up on whose jobs still run; each holds a container thread until it ends. */
    int overdue() {
        return overdue.get();
    }

    private final class Ticket<R> implements ClientQueue.Entry {

        private final ClientKey client;
        private final ClientShares.Hold share;
        private final Job<R> job;
        private final DeferredResult<R> result;
        private final HttpServletRequest request;
        private final long submitted = System.nanoTime();
        /** Set when the container refused the job's answer (it was ending or erroring the request). */
        private volatile boolean answerRefused;

        private final AtomicReference<State> state = new AtomicReference<>(State.QUEUED);
        private final AtomicBoolean freed = new AtomicBoolean();
        /** Set when a worker took it from the queue (its client's running count includes it). */
        private volatile boolean taken;
        /** Counted down once the job will no longer touch the request: done, or cancelled before it ran. */
        private final CountDownLatch released = new CountDownLatch(1);

        Ticket(
                ClientKey client,
                ClientShares.Hold share,
                Job<R> job,
                DeferredResult<R> result,
                HttpServletRequest request) {
            this.client = client;
            this.share = share;
            this.job = job;
            this.result = result;
            this.request = request;
        }

        @Override
        public ClientKey client() {
            return client;
        }

        @Override
        public void taken() {
            taken = true;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(State.QUEUED, State.RUNNING)) {
                // Cancelled while queued: the container has answered and may have recycled the request.
                if (taken) {
                    queue.finished(this);
                }
                return;
            }
            R value = null;
            Throwable failure = null;
            try {
                value = job.run();
            } catch (Exception | Error e) {
                failure = e;
            } finally {
                free();
                if (taken) {
                    queue.finished(this);
                }
            }
            try {
                answer(value, failure);
            } finally {
                state.set(State.DONE);
                released.countDown();
            }
            if (failure instanceof Error error) {
                throw error;
            }
        }

        /** Gives back the slot and the client's share, once. */
        void free() {
            if (freed.compareAndSet(false, true)) {
                admitted.decrementAndGet();
                share.close();
            }
        }

        /**
         * Sets the answer. The container may have ended the request meanwhile (its client went away, or it timed out
         * a read and answered itself): then Spring refuses to dispatch, and there is nobody left to answer.
         */
        private void answer(R value, Throwable failure) {
            try {
                if (failure == null) {
                    result.setResult(value);
                } else {
                    result.setErrorResult(failure);
                }
            } catch (IllegalStateException ended) {
                answerRefused = true;
                log.debug("The {}'s request had ended before its answer was set: {}", work, ended.getMessage());
            }
        }

        /** Container thread, on async timeout or error. */
        void containerGivesUp() {
            if (state.compareAndSet(State.QUEUED, State.CANCELLED)) {
                executor.getThreadPoolExecutor().remove(this);
                free();
                released.countDown();
                ProblemException refusal = new ProblemException(
                        UploadProblem.QUEUE_TIMEOUT,
                        "the " + work + " waited "
                                + Duration.ofNanos(System.nanoTime() - submitted)
                                        .toMillis() + " ms for a thread and was cancelled");
                job.refused(refusal);
                result.setErrorResult(refusal);
                return;
            }
            overdue.incrementAndGet();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                overdue.decrementAndGet();
            }
            if (answerRefused) {
                dispatchRefusedAnswer();
            }
        }

        /**
         * Dispatches the answer the container refused to the job (it was set, but its dispatch met the container's
         * error state); on the container thread, in its error or timeout callback, the container takes it.
         */
        private void dispatchRefusedAnswer() {
            try {
                if (request != null && request.isAsyncStarted()) {
                    request.getAsyncContext().dispatch();
                }
            } catch (IllegalStateException e) {
                log.debug("The {}'s answer could not be dispatched: {}", work, e.getMessage());
            }
        }
    }
}
