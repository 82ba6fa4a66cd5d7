package dev.iolab.upload.download;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.RequestSocket;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reader's minimum rate: writes go out in slices, each allowed to wait until its bytes are due. */
class MinimumRateOutputStreamTest {

    private final MinimumRate rate = new MinimumRate(16 * 1024, Duration.ofSeconds(10), Duration.ofSeconds(1));
    private final List<Long> waits = new ArrayList<>();
    private final RequestSocket socket = new RequestSocket() {
        @Override
        public void nextReadWaitsAtMost(long millis) {}

        @Override
        public void readEnded() {}

        @Override
        public void nextWriteWaitsAtMost(long millis) {
            waits.add(millis);
        }
    };

    @Test
    void writesInSlicesEachAllowedUntilItsBytesAreDue() throws IOException {
        ByteArrayOutputStream client = new ByteArrayOutputStream();
        MinimumRateOutputStream out = new MinimumRateOutputStream(client, rate, socket);
        byte[] chunk = new byte[3 * MinimumRateOutputStream.SLICE + 100];

        out.write(chunk, 0, chunk.length);

        assertThat(client.size()).isEqualTo(chunk.length);
        assertThat(out.count()).isEqualTo(chunk.length);
        assertThat(waits).hasSize(4);
        // 16 KiB/s: the first slice is due 1 s after the grace period, each next one a second later.
        assertThat(waits.get(0)).isBetween(10_000L, 11_000L);
        assertThat(waits.get(3)).isBetween(13_000L, 13_010L);
    }

    @Test
    void judgesTheRateOverTheWindowSoBytesTakenEarlyBuyNoMoreThanIt() throws IOException {
        long[] now = {0};
        MinimumRateOutputStream out = new MinimumRateOutputStream(
                new ByteArrayOutputStream(), rate, Duration.ofSeconds(5), Duration.ZERO, socket, () -> now[0]);
        // 64 slices at once (into socket buffers, say): by the average they would be due until 10 s + 64 s.
        out.write(new byte[64 * MinimumRateOutputStream.SLICE], 0, 64 * MinimumRateOutputStream.SLICE);
        waits.clear();

        out.write(new byte[MinimumRateOutputStream.SLICE], 0, MinimumRateOutputStream.SLICE);

        // The window (5 s) plus the slice's own second at 16 KiB/s, not the 75 s the average would allow.
        assertThat(waits).containsExactly(6_000L);
    }

    @Test
    void endsADownloadAtItsLongestTimeHoweverSteadilyItIsTaken() throws IOException {
        long[] now = {0};
        MinimumRateOutputStream out = new MinimumRateOutputStream(
                new ByteArrayOutputStream(), rate, Duration.ofSeconds(5), Duration.ofSeconds(3), socket, () -> now[0]);
        out.write(new byte[10], 0, 10);
        assertThat(waits.getLast())
                .as("a write waits no longer than the time left")
                .isEqualTo(3_000L);

        now[0] = Duration.ofSeconds(3).toNanos();

        assertThatExceptionOfType(MinimumRateOutputStream.SlowReaderException.class)
                .isThrownBy(() -> out.write(new byte[10], 0, 10))
                .withMessageContaining("longer than the download's 3 s");
    }

    @Test
    void cutsOffAReaderWhoseWriteTheContainerTimedOut() {
        OutputStream stalled = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException(new SocketTimeoutException());
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                write(0);
            }
        };
        MinimumRateOutputStream out = new MinimumRateOutputStream(stalled, rate, socket);

        assertThatExceptionOfType(MinimumRateOutputStream.SlowReaderException.class)
                .isThrownBy(() -> out.write(new byte[10], 0, 10))
                .withMessageContaining("16384 bytes/s");
    }

    @Test
    void leavesOtherWriteFailuresAsTheyAre() {
        IOException gone = new IOException("Broken pipe");
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw gone;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw gone;
            }
        };
        MinimumRateOutputStream out = new MinimumRateOutputStream(broken, rate, socket);

        assertThatExceptionOfType(IOException.class)
                .isThrownBy(() -> out.write(new byte[10], 0, 10))
                .isSameAs(gone);
    }
}
