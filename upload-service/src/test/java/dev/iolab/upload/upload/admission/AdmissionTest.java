package dev.iolab.upload.upload.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.upload.problem.UploadException;
import dev.iolab.upload.upload.problem.UploadProblem;
import jakarta.servlet.AsyncEvent;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.StandardServletAsyncWebRequest;
import org.springframework.web.context.request.async.WebAsyncManager;
import org.springframework.web.context.request.async.WebAsyncUtils;

/**
 * Admission on one worker thread and a queue of one, with jobs held on latches; the container's side of a request
 * (async timeout, async error) is driven through Spring's own {@link WebAsyncManager}, as the servlet container
 * would.
 */
class AdmissionTest {

    private final List<HeldJob> jobs = new CopyOnWriteArrayList<>();
    private ThreadPoolTaskExecutor executor;
    private Admission admission;

    @BeforeEach
    void oneThreadAndAQueueOfOne() {
        executor = new ThreadPoolTaskExecutor();
        executor.setCorePoolSize(1);
        executor.setMaxPoolSize(1);
        executor.setQueueCapacity(1);
        executor.initialize();
        admission = new Admission("upload", executor, Duration.ofMinutes(10));
    }

    @AfterEach
    void releaseEverything() {
        jobs.forEach(HeldJob::release);
        executor.shutdown();
    }

    @Test
    void answersWithWhatTheJobReturnsOrThrows() {
        DeferredResult<String> ok = admission.submit(job("stored"));
        await().atMost(30, TimeUnit.SECONDS).until(ok::hasResult);
        assertThat(ok.getResult()).isEqualTo("stored");

        UploadException failure = new UploadException(UploadProblem.CLIENT_ABORTED, "gone");
        DeferredResult<String> failed = admission.submit(new HeldJob(null, failure));
        await().atMost(30, TimeUnit.SECONDS).until(failed::hasResult);
        assertThat(failed.getResult()).isSameAs(failure);
    }

    @Test
    void refusesAJobWhenEveryThreadIsBusyAndTheQueueIsFull() throws Exception {
        HeldJob running = occupyTheThread();
        HeldJob queued = held();
        admission.submit(queued);

        HeldJob third = held();
        assertThatExceptionOfType(UploadException.class)
                .isThrownBy(() -> admission.submit(third))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_FULL))
                .withMessage("all 1 upload threads are busy and 1 uploads are waiting");
        assertThat(third.refusals)
                .singleElement()
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_FULL));
        assertThat(running.refusals).isEmpty();
        assertThat(queued.refusals).isEmpty();

        running.release();
        queued.release();
        drain();
        assertThat(third.ran).as("a refused job never runs").isFalse();
        assertThat(queued.ran).isTrue();
    }

    @Test
    void aQueuedJobWhoseRequestTimesOutIsCancelledAndAnswered503WithoutEverRunning() throws Exception {
        HeldJob running = occupyTheThread();
        HeldJob queued = held();
        DeferredResult<String> result = admission.submit(queued);
        Container container = Container.handling(result);

        container.timeOut();

        assertThat(result.getResult())
                .isInstanceOfSatisfying(
                        UploadException.class, e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_TIMEOUT));
        assertThat(queued.refusals).singleElement().isSameAs(result.getResult());
        assertThat(executor.getQueueSize())
                .as("the cancelled job frees its queue slot")
                .isZero();
        HeldJob next = job("next");
        admission.submit(next); // takes the freed slot

        running.release();
        drain();
        assertThat(queued.ran).as("a cancelled job never touches its request").isFalse();
        assertThat(next.ran).isTrue();
    }

    @Test
    void aQueuedJobWhoseRequestFailsIsCancelledTheSameWay() throws Exception {
        HeldJob running = occupyTheThread();
        HeldJob queued = held();
        DeferredResult<String> result = admission.submit(queued);

        Container.handling(result).fail(new IOException("Broken pipe"));

        assertThat(queued.refusals)
                .singleElement()
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_TIMEOUT));
        running.release();
        drain();
        assertThat(queued.ran).isFalse();
    }

    @Test
    void aRunningJobWhoseRequestTimesOutKeepsItAndAnswersItselfWhileTheContainerWaits() throws Exception {
        HeldJob running = held();
        DeferredResult<String> result = admission.submit(running);
        running.awaitStarted();
        Container container = Container.handling(result);

        Thread containerThread = new Thread(container::timeOut, "container-timeout");
        containerThread.start();
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> admission.overdue() == 1 || containerThread.getState() == Thread.State.TERMINATED);
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> containerThread.getState() == Thread.State.WAITING
                        || containerThread.getState() == Thread.State.TERMINATED);
        assertThat(containerThread.getState())
                .as("the container thread waits for the running job")
                .isEqualTo(Thread.State.WAITING);
        assertThat(result.hasResult()).isFalse();
        assertThat(running.refusals).isEmpty();

        running.release();
        containerThread.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(containerThread.isAlive()).isFalse();
        assertThat(result.getResult()).as("answered by the job itself").isEqualTo("held");
        assertThat(admission.overdue()).isZero();
    }

    /** Submits a held job and waits until it runs on the only thread. */
    private HeldJob occupyTheThread() throws InterruptedException {
        HeldJob running = held();
        admission.submit(running);
        running.awaitStarted();
        return running;
    }

    private HeldJob held() {
        return job("held", new CountDownLatch(1));
    }

    private HeldJob job(String value) {
        return job(value, new CountDownLatch(0));
    }

    private HeldJob job(String value, CountDownLatch gate) {
        HeldJob job = new HeldJob(value, null, gate);
        jobs.add(job);
        return job;
    }

    /** Waits until every job submitted so far has run or been dropped. */
    private void drain() throws InterruptedException {
        executor.getThreadPoolExecutor().shutdown(); // runs what is queued (Spring's shutdown() would drop it)
        assertThat(executor.getThreadPoolExecutor().awaitTermination(30, TimeUnit.SECONDS))
                .isTrue();
    }

    /** Returns {@code value} or throws {@code failure} once released; records whether it ran and its refusals. */
    static final class HeldJob implements Admission.Job<String> {

        final String value;
        final RuntimeException failure;
        final CountDownLatch gate;
        final CountDownLatch started = new CountDownLatch(1);
        final List<UploadException> refusals = new CopyOnWriteArrayList<>();
        volatile boolean ran;

        HeldJob(String value, RuntimeException failure) {
            this(value, failure, new CountDownLatch(0));
        }

        HeldJob(String value, RuntimeException failure, CountDownLatch gate) {
            this.value = value;
            this.failure = failure;
            this.gate = gate;
        }

        @Override
        public String run() throws InterruptedException {
            ran = true;
            started.countDown();
            if (!gate.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
            if (failure != null) {
                throw failure;
            }
            return value;
        }

        @Override
        public void refused(UploadException refusal) {
            refusals.add(refusal);
        }

        void awaitStarted() throws InterruptedException {
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
        }

        void release() {
            gate.countDown();
        }
    }

    /** The servlet container's side of one async request, through Spring MVC's async machinery. */
    record Container(StandardServletAsyncWebRequest request) {

        static Container handling(DeferredResult<?> result) throws Exception {
            MockHttpServletRequest servletRequest = new MockHttpServletRequest("PUT", "/uploads/x");
            servletRequest.setAsyncSupported(true);
            StandardServletAsyncWebRequest request =
                    new StandardServletAsyncWebRequest(servletRequest, new MockHttpServletResponse());
            WebAsyncManager manager = WebAsyncUtils.getAsyncManager(servletRequest);
            manager.setAsyncWebRequest(request);
            manager.startDeferredResultProcessing(result);
            return new Container(request);
        }

        void timeOut() {
            try {
                request.onTimeout(new AsyncEvent(null));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        void fail(Throwable error) {
            try {
                request.onError(new AsyncEvent(null, error));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
