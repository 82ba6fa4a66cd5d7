package dev.iolab.upload.support;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Random;

/** Test payloads: reproducible random bytes and their MD5. */
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
}
