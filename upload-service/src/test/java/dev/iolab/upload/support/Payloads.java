package dev.iolab.upload.support;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import java.util.SplittableRandom;

/** Test payloads: reproducible random bytes and their MD5; large ones as files, digested as streams. */
public final class Payloads {

    private Payloads() {}

    /** {@code size} random bytes, the same for the same {@code seed}. */
    public static byte[] randomBytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** The MD5 of {@code data} (16 bytes). */
    public static byte[] md5(byte[] data) {
        try {
            return MessageDigest.getInstance("MD5").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes {@code size} random bytes to {@code file}, the same for the same {@code seed}, one MiB at a time (so a
     * gigabyte never sits in memory), and returns their SHA-256.
     */
    public static byte[] randomFile(Path file, long size, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        MessageDigest digest = sha256();
        byte[] buffer = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; ) {
                int n = (int) Math.min(buffer.length, left);
                random.nextBytes(buffer);
                digest.update(buffer, 0, n);
                out.write(buffer, 0, n);
                left -= n;
            }
        }
        return digest.digest();
    }

    /** A new SHA-256 digest. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
