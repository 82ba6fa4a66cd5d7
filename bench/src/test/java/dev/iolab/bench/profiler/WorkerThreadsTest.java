package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WorkerThreadsTest {

    private static final String BENCHMARK = "dev.iolab.bench.x.FooBenchmark.run";

    @Test
    void findsTheKernelIdsOfTheBenchmarksWorkersOnly() {
        String dump = """
                Full thread dump OpenJDK 64-Bit Server VM (25.0.3+9-LTS mixed mode, sharing):

                "main" #3 [11720] prio=5 os_prio=0 cpu=864.58ms elapsed=2.58s tid=0x00007f390002aa70 nid=11720 waiting
                "dev.iolab.bench.x.FooBenchmark.run-jmh-worker-1" #22 [11760] prio=5 os_prio=0 cpu=0.66ms \
                elapsed=0.63s tid=0x00007f3900380d30 nid=11760 waiting on condition  [0x00007f38e25cd000]
                   java.lang.Thread.State: WAITING (parking)
                "dev.iolab.bench.x.FooBenchmark.run-jmh-worker-2" #23 daemon prio=5 os_prio=0 tid=0x1 nid=0x2e11 runnable
                "dev.iolab.bench.x.FooBenchmark.runSlow-jmh-worker-1" #24 [11770] prio=5 nid=11770 waiting
                "dev.iolab.bench.x.FooBenchmark.run-jmh-worker-1-helper" #25 [11771] prio=5 nid=11771 waiting
                "GC Thread#1" os_prio=0 cpu=4.56ms elapsed=1.34s tid=0x00007f38c8006290 nid=11759 runnable
                """;

        assertThat(WorkerThreads.parse(dump, BENCHMARK)).containsExactly(11760L, 0x2e11L);
    }

    @Test
    void findsALiveThreadOfThisJvmByItsJavaName() throws Exception {
        AtomicLong ownId = new AtomicLong();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread worker = new Thread(
                () -> {
                    try {
                        // /proc/thread-self -> "<pid>/task/<tid>": the thread's own kernel id.
                        Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
                        ownId.set(Long.parseLong(self.getFileName().toString()));
                        started.countDown();
                        done.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                },
                BENCHMARK + WorkerThreads.MARK + "1");
        worker.start();
        try {
            started.await();

            assertThat(WorkerThreads.of(BENCHMARK)).containsExactly(ownId.get());
        } finally {
            done.countDown();
            worker.join();
        }
    }
}
