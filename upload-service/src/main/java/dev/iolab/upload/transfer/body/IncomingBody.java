package dev.iolab.upload.transfer.body;

import dev.iolab.upload.transfer.problem.UploadProblem;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.apache.commons.io.input.BoundedInputStream;
import org.apache.commons.io.input.MessageDigestInputStream;
import org.apache.commons.io.input.ObservableInputStream;

/**
 * The client's bytes on their way to a strategy: counted and size-limited (commons-io {@link BoundedInputStream}),
 * MD5-hashed while streaming ({@link MessageDigestInputStream}) when asked to or when the client sent a
 * {@code Content-MD5}, and checked at end of stream against the declared length and that {@code Content-MD5}. A failed check throws a {@link BodyException} from the read that
 * hit end of stream, so the reader (a strategy or the Azure SDK) never reaches its commit. The first I/O failure,
 * ours or the container's, is remembered so the caller can tell a client fault from a storage fault however the
 * SDK wrapped it ({@link BodyFailures} turns it into the answer).
 */
public final class IncomingBody {

    private final BoundedInputStream counted;
    private final MessageDigestInputStream hashed;
    private boolean ended;
    private final ObservableInputStream checked;
    private final long declaredLength;
    private final byte[] expectedMd5;
    private volatile IOException failure;
    private byte[] md5;

    /**
     * @param raw the request (or file part) stream
     * @param declaredLength bytes the client declared, or -1 when unknown
     * @param maxSize most bytes accepted; one more fails with 413
     * @param expectedMd5 the client's {@code Content-MD5}, or null
     */
    public IncomingBody(InputStream raw, long declaredLength, long maxSize, byte[] expectedMd5) throws IOException {
        this(raw, declaredLength, maxSize, expectedMd5, true);
    }

    /**
     * @param raw the request (or file part) stream
     * @param declaredLength bytes the client declared, or -1 when unknown
     * @param maxSize most bytes accepted; one more fails with 413
     * @param expectedMd5 the client's {@code Content-MD5}, or null
     * @param hash whether to compute the MD5 even without an {@code expectedMd5} (MD5 is most of what reading a body
     *     costs; the store computes it itself for every single Put Blob)
     */
    public IncomingBody(InputStream raw, long declaredLength, long maxSize, byte[] expectedMd5, boolean hash)
            throws IOException {
        this.declaredLength = declaredLength;
        this.expectedMd5 = expectedMd5;
        this.counted = BoundedInputStream.builder()
                .setInputStream(raw)
                .setMaxCount(maxSize + 1)
                .setOnMaxCount((max, count) -> {
                    throw new BodyException(
                            UploadProblem.TOO_LARGE, "the body exceeds the limit of " + maxSize + " bytes");
                })
                .setPropagateClose(false)
                .get();
        if (hash || expectedMd5 != null) {
            try {
                this.hashed = MessageDigestInputStream.builder()
                        .setInputStream(counted)
                        .setMessageDigest(MessageDigest.getInstance("MD5"))
                        .get();
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has MD5", e);
            }
        } else {
            this.hashed = null;
        }
        this.checked =
                new ObservableInputStream(hashed != null ? hashed : counted, new ObservableInputStream.Observer() {
                    @Override
                    public void finished() throws IOException {
                        onEndOfStream();
                    }

                    @Override
                    public void error(IOException exception) throws IOException {
                        remember(exception);
                        throw exception;
                    }
                });
    }

    /** The stream a strategy reads; it must read to end of stream. */
    public InputStream stream() {
        return checked;
    }

    /** Bytes received so far. */
    public long count() {
        return counted.getCount();
    }

    /** MD5 of all bytes; only after end of stream, and only for a body that was hashed. */
    public synchronized byte[] md5() {
        if (!ended) {
            throw new IllegalStateException("MD5 asked for before end of stream");
        }
        if (md5 == null) {
            throw new IllegalStateException("this body was not hashed");
        }
        return md5.clone();
    }

    /** Whether the body was read to its end and passed its checks. */
    public synchronized boolean finished() {
        return ended;
    }

    /** The client's {@code Content-MD5}, or null; for the store to check the bytes it receives as well. */
    public byte[] expectedMd5() {
        return expectedMd5 == null ? null : expectedMd5.clone();
    }

    /** The first I/O failure seen while reading, or null. */
    public IOException failure() {
        return failure;
    }

    private void remember(IOException e) {
        if (failure == null) {
            failure = e;
        }
    }

    private synchronized void onEndOfStream() throws IOException {
        if (ended) {
            return;
        }
        long count = count();
        if (declaredLength >= 0 && count != declaredLength) {
            throw fail(new BodyException(
                    UploadProblem.INCOMPLETE_BODY, "received " + count + " bytes of the declared " + declaredLength));
        }
        if (hashed != null) {
            byte[] digest = hashed.getMessageDigest().digest();
            if (expectedMd5 != null && !MessageDigest.isEqual(expectedMd5, digest)) {
                throw fail(new BodyException(
                        UploadProblem.MD5_MISMATCH,
                        "Content-MD5 is " + HexFormat.of().formatHex(expectedMd5) + " but the body's MD5 is "
                                + HexFormat.of().formatHex(digest)));
            }
            md5 = digest;
        }
        ended = true;
    }

    private BodyException fail(BodyException e) {
        remember(e);
        return e;
    }
}
