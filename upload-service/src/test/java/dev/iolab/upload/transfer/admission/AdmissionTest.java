package dev.iolab.upload.transfer.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientShares;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ProblemException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpStatus;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.StandardServletAsyncWebRequest;
import org.springframework.web.context.request.async.WebAsyncManager;
import org.springframework.web.context.request.async.WebAsyncUtils;

/**
 * Admission on one worker thread and a queue of one (unless a test sets its own), with jobs held on latches; the
 * container's side of a request (async timeout, async error) is driven through Spring's own {@link WebAsyncManager}, as
 * the servlet container would.
 */
@ExtendWith(OutputCaptureExtension.class)
class AdmissionTest {

    private static final ClientKey ALICE = ClientKey.ofAddress("198.51.100.1");
    private static final ClientKey BOB = ClientKey.ofAddress("198.51.100.2");

    private final List<HeldJob> jobs = new CopyOnWriteArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private ThreadPoolTaskExecutor executor;
    private ClientQueue queue;
    private Admission admission;

    @BeforeEach
    void oneThreadAndAQueueOfOne() {
        admission = admission(1, 1, 1);
    }

    /** {@code threads} workers, {@code queueCapacity} more admitted, each client running at most {@code perClient}. */
    private Admission admission(int threads, int queueCapacity, int perClient) {
        if (executor != null) {
            executor.shutdown();
        }
        queue = new ClientQueue(perClient, queueCapacity);
        executor = AdmissionConfiguration.executor("upload", threads, queueCapacity, queue);
        executor.initialize();
        ClientShares shares = new ClientShares("upload slots", threads + queueCapacity, registry);
        return new Admission("upload", executor, queue, shares, registry.counter("rejected"), Duration.ofMinutes(10));
    }

    @AfterEach
    void releaseEverything() {
        jobs.forEach(HeldJob::release);
        executor.shutdown();
    }

    @Test
    void answersWithWhatTheJobReturnsOrThrows() {
        DeferredResult<String> ok = admission.submit(ALICE, job("stored"));
        await().atMost(30, TimeUnit.SECONDS).until(ok::hasResult);
        assertThat(ok.getResult()).isEqualTo("stored");

        ProblemException failure = new ProblemException(UploadProblem.CLIENT_ABORTED, "gone");
        DeferredResult<String> failed = admission.submit(ALICE, new HeldJob(null, failure));
        await().atMost(30, TimeUnit.SECONDS).until(failed::hasResult);
        assertThat(failed.getResult()).isSameAs(failure);
    }

    @Test
    void refusesAJobWhenEveryThreadIsBusyAndTheQueueIsFull() throws Exception {
        HeldJob running = occupyTheThread();
        HeldJob queued = held();
        admission.submit(ALICE, queued);

        HeldJob third = held();
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> admission.submit(ALICE, third))
                .satisfies(e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_FULL))
                .withMessage("all 2 upload slots are taken (1 running, 1 waiting)");
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
        DeferredResult<String> result = admission.submit(ALICE, queued);
        Container container = Container.handling(result);

        container.timeOut();

        assertThat(result.getResult())
                .isInstanceOfSatisfying(
                        ProblemException.class, e -> assertThat(e.problem()).isEqualTo(UploadProblem.QUEUE_TIMEOUT));
        assertThat(queued.refusals).singleElement().isSameAs(result.getResult());
        assertThat(executor.getQueueSize())
                .as("the cancelled job leaves the queue")
                .isZero();
        assertThat(admission.admitted()).as("and frees its slot").isEqualTo(1);
        HeldJob next = job("next");
        admission.submit(ALICE, next); // takes the freed slot

        running.release();
        drain();
        assertThat(queued.ran).as("a cancelled job never touches its request").isFalse();
        assertThat(next.ran).isTrue();
    }

    @Test
    void aQueuedJobWhoseRequestFailsIsCancelledTheSameWay() throws Exception {
        HeldJob running = occupyTheThread();
        HeldJob queued = held();
        DeferredResult<String> result = admission.submit(ALICE, queued);

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
        DeferredResult<String> result = admission.submit(ALICE, running);
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

    @Test
    void refusesAClientOverItsShareWith429WhileAnotherIsAdmitted() throws Exception {
        admission = admissionWithShares(2, 2, 1, 2);
        HeldJob first = held();
        HeldJob second = held();
        admission.submit(ALICE, first);
        admission.submit(ALICE, second);

        HeldJob third = held();
        assertThatExceptionOfType(ProblemException.class)
                .isThrownBy(() -> admission.submit(ALICE, third))
                .satisfies(e -> assertThat(e.problem().status()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS));
        HeldJob bobs = held();
        admission.submit(BOB, bobs);

        assertThat(third.refusals)
                .singleElement()
                .satisfies(e -> assertThat(e.problem().slug()).isEqualTo("over-share"));
        bobs.awaitStarted();
        assertThat(registry.get("rejected").counter().count())
                .as("a client over its share is not a full service")
                .isZero();
        jobs.forEach(HeldJob::release);
        drain();
        assertThat(third.ran).isFalse();
    }

    @Test
    void runsAnotherClientsJobBeforeTheSecondOfAClientAtItsShareOfTheThreads() throws Exception {
        admission = admission(2, 4, 1);
        HeldJob alicesFirst = held();
        admission.submit(ALICE, alicesFirst);
        alicesFirst.awaitStarted();
        HeldJob alicesSecond = held();
        admission.submit(ALICE, alicesSecond);
        HeldJob bobs = held();
        admission.submit(BOB, bobs);

        bobs.awaitStarted();
        assertThat(alicesSecond.ran)
                .as("waits for Alice's first, though a thread was free")
                .isFalse();
        assertThat(queue.running(ALICE)).isEqualTo(1);
        assertThat(executor.getQueueSize()).isEqualTo(1);

        alicesFirst.release();
        alicesSecond.awaitStarted();
        jobs.forEach(HeldJob::release);
        drain();
        assertThat(queue.running(ALICE)).isZero();
        assertThat(queue.running(BOB)).isZero();
    }

    @Test
    void keepsTheReservedThreadForAClientThatRunsNone() throws Exception {
        // 4 threads, 2 per client, the last 1 only for clients that run none.
        executor.shutdown();
        queue = new ClientQueue(4, 2, 1, 10);
        executor = AdmissionConfiguration.executor("upload", 4, 10, queue);
        executor.initialize();
        admission = new Admission(
                "upload",
                executor,
                queue,
                new ClientShares("upload slots", 14, registry),
                registry.counter("rejected"),
                Duration.ofMinutes(10));
        ClientKey carol = ClientKey.ofAddress("198.51.100.3");
        ClientKey newcomer = ClientKey.ofAddress("198.51.100.4");
        started(ALICE);
        started(ALICE);
        started(BOB);
        HeldJob bobsSecond = held();
        admission.submit(BOB, bobsSecond);
        HeldJob newcomers = started(newcomer);

        assertThat(bobsSecond.ran)
                .as("Bob runs one, and only the reserved thread was free")
                .isFalse();
        assertThat(queue.running()).isEqualTo(4);
        HeldJob carols = held();
        admission.submit(carol, carols);
        newcomers.release(); // the reserved thread is free again: Carol runs none, Bob one
        carols.awaitStarted();
        assertThat(bobsSecond.ran).isFalse();

        jobs.forEach(HeldJob::release);
        drain();
        assertThat(bobsSecond.ran).isTrue();
        assertThat(queue.running()).isZero();
    }

    /** Submits a held job for {@code client} and waits until it runs. */
    private HeldJob started(ClientKey client) throws InterruptedException {
        HeldJob job = held();
        admission.submit(client, job);
        job.awaitStarted();
        return job;
    }

    @Test
    void freesTheSlotBeforeTheAnswerIsSet() {
        HeldJob job = job("stored");
        DeferredResult<String> result = admission.submit(ALICE, job);
        List<Integer> admittedWhenAnswered = new CopyOnWriteArrayList<>();
        List<Integer> runningWhenAnswered = new CopyOnWriteArrayList<>();
        result.setResultHandler(answer -> {
            admittedWhenAnswered.add(admission.admitted());
            runningWhenAnswered.add(queue.running(ALICE));
        });

        await().atMost(30, TimeUnit.SECONDS).until(() -> !admittedWhenAnswered.isEmpty());

        assertThat(admittedWhenAnswered).containsExactly(0);
        assertThat(runningWhenAnswered).containsExactly(0);
    }

    @Test
    void anAnswerTheEndedRequestCannotTakeIsDroppedWithoutFailingTheWorker(CapturedOutput output) {
        HeldJob job = job("stored");
        DeferredResult<String> result = admission.submit(ALICE, job);
        // What Spring does when the container ended the request between its check and its dispatch.
        result.setResultHandler(answer -> {
            throw new IllegalStateException("AsyncContext not yet initialized");
        });
        await().atMost(30, TimeUnit.SECONDS).until(() -> job.ran && admission.admitted() == 0);

        HeldJob next = job("next");
        DeferredResult<String> nextResult = admission.submit(ALICE, next);
        await().atMost(30, TimeUnit.SECONDS).until(nextResult::hasResult);
        assertThat(nextResult.getResult()).isEqualTo("next");
        assertThat(output.getAll()).doesNotContain("AsyncContext not yet initialized", "Exception in thread");
    }

    private Admission admissionWithShares(int threads, int queueCapacity, int perClient, int slotsPerClient) {
        admission(threads, queueCapacity, perClient);
        ClientShares shares = new ClientShares("upload slots", slotsPerClient, registry);
        return new Admission("upload", executor, queue, shares, registry.counter("rejected"), Duration.ofMinutes(10));
    }

    /** Submits a held job and waits until it runs on the only thread. */
    private HeldJob occupyTheThread() throws InterruptedException {
        HeldJob running = held();
        admission.submit(ALICE, running);
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
        final List<ProblemException> refusals = new CopyOnWriteArrayList<>();
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
        public void refused(ProblemException refusal) {
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
