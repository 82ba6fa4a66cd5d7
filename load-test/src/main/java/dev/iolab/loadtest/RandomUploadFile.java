package dev.iolab.loadtest;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * A temporary file of seeded random bytes that every virtual user uploads.
 *
 * <p>The content lives on disk, not in the Gatling heap: Gatling keeps raw file bodies in memory only up to
 * {@code gatling.core.rawFileBodiesInMemoryMaxSize} (10 KiB by default) and streams larger files from disk, so
 * 200 users × 10 MiB cost the load generator one file, not 2 GB. Random bytes do not compress, so no layer can
 * cheat. The MD5 is computed while writing, so each upload's answer can be checked against it.
 */
public final class RandomUploadFile implements AutoCloseable {

    private static final int CHUNK = 1 << 20;

    private final Path path;
    private final long size;
    private final byte[] md5;

    private RandomUploadFile(Path path, long size, byte[] md5) {
        this.path = path;
        this.size = size;
        this.md5 = md5;
    }

    /** Writes {@code size} random bytes from {@code seed} into a new temp file; the caller closes it to delete it. */
    public static RandomUploadFile create(long size, long seed) {
        Path path = null;
        try {
            path = Files.createTempFile("iolab-upload-", ".bin");
            MessageDigest digest = MessageDigest.getInstance("MD5");
            SplittableRandom random = new SplittableRandom(seed);
            byte[] chunk = new byte[CHUNK];
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(path), digest)) {
                for (long left = size; left > 0; left -= chunk.length) {
                    random.nextBytes(chunk);
                    out.write(chunk, 0, (int) Math.min(chunk.length, left));
                }
            }
            return new RandomUploadFile(path, size, digest.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            deleteQuietly(path);
            throw new IllegalStateException(
                    "cannot create the upload file of " + size + " bytes: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            deleteQuietly(path);
            throw e;
        }
    }

    public Path path() {
        return path;
    }

    public long size() {
        return size;
    }

    /** MD5 of the content as lower-case hex. */
    public String md5Hex() {
        return HexFormat.of().formatHex(md5);
    }

    /** MD5 of the content in Base64, the form of the {@code Content-MD5} header. */
    public String md5Base64() {
        return Base64.getEncoder().encodeToString(md5);
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the upload file " + path, e);
        }
    }

    private static void deleteQuietly(Path path) {
        if (path != null) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // the original failure is the one worth reporting
            }
        }
    }
}
