package dev.iolab.upload.transfer.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.io.IOUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FixedBufferInputStreamTest {

    @ParameterizedTest
    @CsvSource({"0, 4096", "1, 4096", "4095, 4096", "4096, 4096", "4097, 4096", "1048576, 4096", "100000, 1"})
    void passesEveryByteThroughUnchanged(int size, int bufferSize) throws IOException {
        byte[] data = randomBytes(size);
        try (InputStream in = new FixedBufferInputStream(new ByteArrayInputStream(data), bufferSize)) {
            assertThat(in.readAllBytes()).isEqualTo(data);
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    @Test
    void neverHandsOutMoreThanItsBufferHoldsEvenToLargeReads() throws IOException {
        byte[] data = randomBytes(10_000);
        List<Integer> reads = new ArrayList<>();
        try (InputStream in = new FixedBufferInputStream(new ByteArrayInputStream(data), 4096)) {
            byte[] large = new byte[1 << 20];
            for (int n; (n = in.read(large, 0, large.length)) != -1; ) {
                reads.add(n);
            }
        }
        assertThat(reads).containsExactly(4096, 4096, 1808);
    }

    @Test
    void fillsItsWholeBufferFromASourceThatReturnsShortReads() throws IOException {
        byte[] data = randomBytes(10_000);
        InputStream trickle = new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 100)); // like a socket handing over one packet at a time
            }
        };
        try (InputStream in = new FixedBufferInputStream(trickle, 4096)) {
            byte[] first = new byte[8192];
            assertThat(in.read(first)).isEqualTo(4096);
            assertThat(in.available()).isZero();
            assertThat(IOUtils.toByteArray(in)).hasSize(10_000 - 4096);
        }
    }

    @Test
    void rejectsANonPositiveBufferSize() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new FixedBufferInputStream(InputStream.nullInputStream(), 0))
                .withMessageContaining("bufferSize");
    }

    private static byte[] randomBytes(int size) {
        byte[] data = new byte[size];
        new Random(42).nextBytes(data);
        return data;
    }
}
