package dev.iolab.bench.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/** Benchmark fixtures: files and arrays of pseudo-random bytes that are the same for the same seed on every run. */
public final class RandomFiles {

    /** The seed every benchmark uses unless it has a reason not to, so runs on different machines copy the same bytes. */
    public static final long DEFAULT_SEED = 20261122L;

    private static final int CHUNK = 64 * 1024;

    private RandomFiles() {}

    /** {@code length} bytes from a generator seeded with {@code seed}. */
    public static byte[] bytes(int length, long seed) {
        byte[] data = new byte[length];
        fill(new SplittableRandom(seed), data, length);
        return data;
    }

    /**
     * Writes a file of exactly {@code length} pseudo-random bytes (replacing any file at {@code file}).
     * Memory use is one 64 kB chunk whatever the length, so multi-gigabyte fixtures are fine.
     */
    public static Path write(Path file, long length, long seed) throws IOException {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0: " + length);
        }
        SplittableRandom random = new SplittableRandom(seed);
        byte[] chunk = new byte[CHUNK];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = length; left > 0; ) {
                int n = (int) Math.min(CHUNK, left);
                fill(random, chunk, n);
                out.write(chunk, 0, n);
                left -= n;
            }
        }
        return file;
    }

    /**
     * {@link #write}, then forced to the device ({@code fsync}): the file is clean in the page cache, so its pages can
     * be dropped ({@link PageCache#drop}) and no write-back of it overlaps a later measurement.
     */
    public static Path writeSynced(Path file, long length, long seed) throws IOException {
        write(file, length, seed);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        return file;
    }

    private static void fill(SplittableRandom random, byte[] data, int length) {
        int i = 0;
        while (i + Long.BYTES <= length) {
            long word = random.nextLong();
            for (int b = 0; b < Long.BYTES; b++) {
                data[i++] = (byte) (word >>> (8 * b));
            }
        }
        if (i < length) {
            long word = random.nextLong();
            while (i < length) {
                data[i++] = (byte) word;
                word >>>= 8;
            }
        }
    }
}
