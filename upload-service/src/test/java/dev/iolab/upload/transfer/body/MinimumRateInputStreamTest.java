package dev.iolab.upload.transfer.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.RequestSocket;
import dev.iolab.upload.transfer.shedding.LoadShedder;
import dev.iolab.upload.transfer.shedding.SheddingProperties;
import dev.iolab.upload.web.WebProblem;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * The body's minimum rate: before each read the connection is told how long the read may wait (until the rate fails,
 * at least the minimum wait), and a read the container timed out is a 408 body-too-slow, not a client abort.
 */
class MinimumRateInputStreamTest {

    private final MinimumRate rate = new MinimumRate(1000, Duration.ofSeconds(10), Duration.ofSeconds(1));
    // 1,000 bytes/s: 10 s for the first byte, a millisecond per byte after it; 1 s for a queued body's first byte
    private final RecordingSocket socket = new RecordingSocket();

    @Test
    void tellsTheConnectionHowLongEachReadMayWaitFromTheBytesReceivedSoFar() throws IOException {
        long start = System.nanoTime();
        InputStream body = new MinimumRateInputStream(new ByteArrayInputStream(new byte[5000]), rate, start, socket);

        assertThat(body.read(new byte[2000])).isEqualTo(2000);
        assertThat(body.read(new byte[4000])).isEqualTo(3000);
        assertThat(body.read()).isEqualTo(-1);

        assertThat(socket.waits).hasSize(3);
        assertThat(socket.waits.get(0)).as("first byte: the grace period").isBetween(9_000L, 10_000L);
        assertThat(socket.waits.get(1)).as("2,000 bytes in: two more seconds").isBetween(11_000L, 12_000L);
        assertThat(socket.waits.get(2)).as("5,000 bytes in").isBetween(14_000L, 15_000L);
        assertThat(socket.ended)
                .as("end of stream gives the connection back to the poller")
                .isTrue();
    }

    @Test
    void givesABodyReadOnlyAfterItsGracePeriodTheQueuedGraceAndThenTheRate() throws IOException {
        long queuedTenMinutesAgo = System.nanoTime() - TimeUnit.MINUTES.toNanos(10);
        InputStream body =
                new MinimumRateInputStream(new ByteArrayInputStream(new byte[10]), rate, queuedTenMinutesAgo, socket);

        assertThat(body.read(new byte[4])).isEqualTo(4);
        assertThat(body.read(new byte[6])).isEqualTo(6);

        assertThat(socket.waits.get(0)).as("first read: the queued grace").isBetween(900L, 1_000L);
        assertThat(socket.waits.get(1)).as("then the rate: 4 ms for 4 bytes").isBetween(900L, 1_004L);
    }

    @Test
    void turnsAReadTheContainerTimedOutIntoBodyTooSlow() {
        InputStream stalled = new InputStream() {
            @Override
            public int read() throws IOException {
                // Tomcat wraps its SocketTimeoutException in a ClientAbortException; any wrapper will do.
                throw new IOException("java.net.SocketTimeoutException", new SocketTimeoutException());
            }
        };
        InputStream body = new MinimumRateInputStream(stalled, rate, System.nanoTime(), socket);

        assertThatExceptionOfType(BodyException.class)
                .isThrownBy(body::read)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(WebProblem.BODY_TOO_SLOW))
                .withMessageContaining("1000 bytes/s")
                .withCauseInstanceOf(IOException.class);
        assertThat(socket.ended).isTrue();
    }

    @Test
    void leavesOtherReadFailuresAsTheyAre() {
        IOException reset = new IOException("Connection reset by peer");
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw reset;
            }
        };
        InputStream body = new MinimumRateInputStream(broken, rate, System.nanoTime(), socket);

        assertThatExceptionOfType(IOException.class).isThrownBy(body::read).isSameAs(reset);
    }

    @Test
    void withoutAConnectionToTellFailsAReadThatCameBackLaterThanItMayWait() throws IOException {
        AtomicLong now = new AtomicLong(0);
        InputStream slow = new InputStream() {
            @Override
            public int read() {
                now.addAndGet(TimeUnit.SECONDS.toNanos(12)); // the grace period (10 s) and the slack (1 s) pass
                return 'x';
            }
        };
        InputStream body =
                new MinimumRateInputStream(slow, rate, 0, null, false, new BodyLinger(), RequestSocket.NONE, now::get);

        assertThatExceptionOfType(BodyException.class)
                .isThrownBy(body::read)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(WebProblem.BODY_TOO_SLOW))
                .withMessageContaining("sent 0 bytes in 12 s");
    }

    @Test
    void withoutAConnectionToTellLetsAReadInTimeThrough() throws IOException {
        AtomicLong now = new AtomicLong(0);
        InputStream prompt = new InputStream() {
            @Override
            public int read() {
                now.addAndGet(TimeUnit.SECONDS.toNanos(9));
                return 'x';
            }
        };
        InputStream body = new MinimumRateInputStream(
                prompt, rate, 0, null, false, new BodyLinger(), RequestSocket.NONE, now::get);

        assertThat(body.read()).isEqualTo('x');
    }

    @Test
    void givesAClientThatAskedFirstTheQueuedGraceFromItsFirstReadNotTheGracePeriod() throws IOException {
        long arrived = System.nanoTime();
        InputStream body = new MinimumRateInputStream(
                new ByteArrayInputStream(new byte[10]),
                rate,
                arrived,
                null,
                true,
                new BodyLinger(),
                socket,
                System::nanoTime);

        assertThat(body.read(new byte[10])).isEqualTo(10);

        assertThat(socket.waits.getFirst())
                .as("told to send at this read: the queued grace (1 s), not the grace period (10 s)")
                .isBetween(900L, 1_000L);
    }

    @Test
    void endsABodyThatKeepsUpTheRateAtTheLongestAnUploadMayTake() {
        AtomicLong now = new AtomicLong(0);
        InputStream steady = new InputStream() {
            @Override
            public int read(byte[] b, int off, int len) {
                now.addAndGet(TimeUnit.SECONDS.toNanos(1));
                return 2000; // twice the rate, every second
            }

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }
        };
        InputStream body = new MinimumRateInputStream(
                steady, rate, 0, Duration.ofSeconds(30), false, new BodyLinger(), socket, now::get);
        byte[] buffer = new byte[2000];

        for (int second = 0; second < 29; second++) {
            assertThatCode(() -> body.read(buffer)).doesNotThrowAnyException();
        }
        assertThat(socket.waits.getLast())
                .as("the last read may wait only until the 30 s are up")
                .isEqualTo(2_000L);
    }

    @Test
    void reportsTheLongestAnUploadMayTakeWhenThatEndedIt() {
        InputStream stalled = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new SocketTimeoutException();
            }
        };
        long arrived = System.nanoTime() - TimeUnit.SECONDS.toNanos(29);
        InputStream body = new MinimumRateInputStream(
                stalled, rate, arrived, Duration.ofSeconds(30), false, new BodyLinger(), socket, System::nanoTime);

        assertThatExceptionOfType(BodyException.class)
                .isThrownBy(body::read)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(WebProblem.BODY_TOO_SLOW))
                .withMessageContaining("an upload may take at most 30 s");
    }

    @Test
    void waitsNoLongerThanItsLingerOnceTheBodyIsOfNoUse() throws IOException {
        BodyLinger linger = new BodyLinger();
        InputStream body = new MinimumRateInputStream(
                new ByteArrayInputStream(new byte[10]),
                rate,
                System.nanoTime(),
                null,
                false,
                linger,
                socket,
                System::nanoTime);
        assertThat(body.read()).isZero();

        linger.start(Duration.ofMillis(300));
        assertThat(body.read()).isZero();

        assertThat(socket.waits.get(0)).as("before: the grace period").isGreaterThan(9_000L);
        assertThat(socket.waits.get(1)).as("lingering: the linger's time").isBetween(200L, 300L);
    }

    @Test
    void setsNoWaitWithoutARateACapOrALinger() throws IOException {
        MinimumRate off = new MinimumRate(0, Duration.ZERO, Duration.ZERO);
        InputStream body = new MinimumRateInputStream(
                new ByteArrayInputStream(new byte[10]),
                off,
                System.nanoTime(),
                null,
                false,
                new BodyLinger(),
                socket,
                System::nanoTime);

        assertThat(body.read(new byte[10])).isEqualTo(10);

        assertThat(socket.waits).as("the connection's own timeout applies").isEmpty();
    }

    @Test
    void aBodyTheShedderCutFailsAtItsNextReadWith408AndIsNoLongerWatched() throws IOException {
        // 10 threads, all running: pressure. The client sends a byte per (simulated) second while the body waits in
        // each read, far below the 4 KB/s under which an upload may be cut.
        LoadShedder shedder = new LoadShedder(
                new SheddingProperties(
                        false, 0.8, DataSize.ofKilobytes(4), Duration.ofSeconds(10), Duration.ofSeconds(1)),
                () -> 10,
                10,
                new SimpleMeterRegistry());
        AtomicLong seconds = new AtomicLong();
        InputStream trickle = new InputStream() {
            @Override
            public int read() {
                shedder.shed(TimeUnit.SECONDS.toNanos(seconds.getAndIncrement()));
                return 'x';
            }
        };
        InputStream body = new MinimumRateInputStream(
                trickle,
                new MinimumRate(0, Duration.ZERO, Duration.ZERO),
                0,
                null,
                false,
                new BodyLinger(),
                socket,
                System::nanoTime,
                shedder);

        for (int i = 0; i < 11; i++) {
            assertThat(body.read()).isEqualTo('x');
        }
        assertThatExceptionOfType(BodyException.class)
                .isThrownBy(body::read)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(WebProblem.BODY_TOO_SLOW))
                .withMessageContaining("the service is busy", "1 bytes/s over the last 10 s");
        assertThat(socket.ended).isTrue();
        assertThat(shedder.shed(TimeUnit.SECONDS.toNanos(20)))
                .as("no longer watched")
                .isEmpty();
    }

    private static final class RecordingSocket implements RequestSocket {

        final List<Long> waits = new ArrayList<>();
        boolean ended;

        @Override
        public void nextReadWaitsAtMost(long millis) {
            waits.add(millis);
        }

        @Override
        public void readEnded() {
            ended = true;
        }

        @Override
        public void nextWriteWaitsAtMost(long millis) {}
    }
}
