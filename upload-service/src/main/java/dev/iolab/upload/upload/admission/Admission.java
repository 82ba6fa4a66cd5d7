package dev.iolab.upload.upload.admission;

import dev.iolab.upload.upload.problem.UploadException;
import dev.iolab.upload.upload.problem.UploadProblem;
import dev.iolab.upload.web.ProblemHandler;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Admission of work that holds an HTTP request open: a bounded pool of worker threads with a bounded queue (one
 * {@link ThreadPoolTaskExecutor} per kind of work), answered through a {@link DeferredResult} so that no container
 * thread waits for a worker. It knows nothing about what a job does with its request.
 * <p>
 * A job's state decides who answers and who owns the request:
 * <ul>
 *   <li>threads and queue full: refused at once, {@link #submit} throws 503 queue-full;
 *   <li>still queued when the container gives up on the request (async timeout or error): cancelled, its queue slot
 *       freed, answered 503 queue-timeout here; it never runs, so it never touches the recycled request;
 *   <li>running: the job owns the request until it returns and answers itself; a container thread that gives up on
 *       it meanwhile waits for it ({@link #overdue()} counts those), so the request is never recycled under it.
 * </ul>
 * Capacity refusals carry {@code Retry-After} ({@link ProblemHandler}).
 */
public final class Admission {

    /**
     * Work to run on a worker thread.
     *
     * @param <R> what the request is answered with
     */
    public interface Job<R> {

        /** Runs on a worker thread and owns the request until it returns; its value or exception is the answer. */
        R run() throws Exception;

        /**
         * The job will never run: the queue was full (called before {@link #submit} throws) or it waited too long in
         * the queue (called on the container thread, before the refusal is answered).
         */
        void refused(UploadException refusal);
    }

    private enum State {
        QUEUED,
        RUNNING,
        CANCELLED,
        DONE
    }

    private final String work;
    private final ThreadPoolTaskExecutor executor;
    private final long timeoutMillis;
    private final AtomicInteger overdue = new AtomicInteger();

    /**
     * @param work what the jobs are, singular, for the refusals' details (e.g. {@code upload})
     * @param executor the bounded pool and queue
     * @param timeout how long a request may wait and run in total before the container gives up on it
     */
    public Admission(String work, ThreadPoolTaskExecutor executor, Duration timeout) {
        this.work = work;
        this.executor = executor;
        this.timeoutMillis = timeout.toMillis();
    }

    /**
     * Queues {@code job}; the returned result is answered by the job, or with 503 queue-timeout.
     *
     * @throws UploadException 503 queue-full when every thread is busy and the queue is full
     */
    public <R> DeferredResult<R> submit(Job<R> job) {
        DeferredResult<R> result = new DeferredResult<>(timeoutMillis);
        Ticket<R> ticket = new Ticket<>(job, result);
        result.onTimeout(ticket::containerGivesUp);
        result.onError(error -> ticket.containerGivesUp());
        try {
            executor.execute(ticket);
        } catch (RejectedExecutionException e) {
            UploadException refusal = new UploadException(
                    UploadProblem.QUEUE_FULL,
                    "all " + executor.getMaxPoolSize() + " " + work + " threads are busy and "
                            + executor.getQueueCapacity() + " " + work + "s are waiting",
                    e);
            job.refused(refusal);
            throw refusal;
        }
        return result;
    }

    /** Requests the container has given up on whose jobs still run; each holds a container thread until it ends. */
    int overdue() {
        return overdue.get();
    }

    private final class Ticket<R> implements Runnable {

        private final Job<R> job;
        private final DeferredResult<R> result;
        private final long submitted = System.nanoTime();
        private final AtomicReference<State> state = new AtomicReference<>(State.QUEUED);
        /** Counted down once the job will no longer touch the request: done, or cancelled before it ran. */
        private final CountDownLatch released = new CountDownLatch(1);

        Ticket(Job<R> job, DeferredResult<R> result) {
            this.job = job;
            this.result = result;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(State.QUEUED, State.RUNNING)) {
                return; // cancelled while queued: the container has answered and may have recycled the request
            }
            try {
                result.setResult(job.run());
            } catch (Exception e) {
                result.setErrorResult(e);
            } catch (Error e) {
                result.setErrorResult(e);
                throw e;
            } finally {
                state.set(State.DONE);
                released.countDown();
            }
        }

        /** Container thread, on async timeout or error. */
        void containerGivesUp() {
            if (state.compareAndSet(State.QUEUED, State.CANCELLED)) {
                executor.getThreadPoolExecutor().remove(this);
                released.countDown();
                UploadException refusal = new UploadException(
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
        }
    }
}
