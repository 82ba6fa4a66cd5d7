package dev.iolab.upload.download;

import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.web.ProblemException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;

/**
 * The bytes a {@code GET} asks for, as RFC 9110 §14 defines them: a single byte range ({@code first-last},
 * {@code first-}, {@code -suffix}) is served as 206; a Range this service does not serve is ignored and the whole blob
 * sent (200), as the RFC allows: another unit, a syntax error, several ranges (nginx does the same with
 * {@code max_ranges 1}), or an {@code If-Range} that does not match the blob's strong ETag or exact Last-Modified.
 * A range that starts at or past the end of the blob is refused with 416.
 *
 * @param first offset of the first byte
 * @param length bytes from {@code first}
 */
record ByteRange(long first, long length) {

    private static final Pattern SINGLE = Pattern.compile("^bytes=\\s*(\\d*)-(\\d*)\\s*$", Pattern.CASE_INSENSITIVE);

    /** Offset of the last byte. */
    long last() {
        return first + length - 1;
    }

    /** {@code Content-Range} of a 206: {@code bytes first-last/size}. */
    String contentRange(long size) {
        return "bytes " + first + "-" + last() + "/" + size;
    }

    /**
     * The range to serve, or empty for the whole blob.
     *
     * @param range the {@code Range} header, or null
     * @param ifRange the {@code If-Range} header, or null
     * @throws ProblemException 416 {@code range-not-satisfiable} when the one range asked for has no byte in the blob
     */
    static Optional<ByteRange> requested(String range, String ifRange, BlobInfo blob) {
        if (range == null || (ifRange != null && !matches(ifRange.strip(), blob))) {
            return Optional.empty();
        }
        Matcher single = SINGLE.matcher(range);
        if (!single.matches() || (single.group(1).isEmpty() && single.group(2).isEmpty())) {
            return Optional.empty();
        }
        long size = blob.size();
        try {
            if (single.group(1).isEmpty()) {
                long suffix = Long.parseLong(single.group(2));
                if (suffix == 0 || size == 0) {
                    throw notSatisfiable(range, size);
                }
                long length = Math.min(suffix, size);
                return Optional.of(new ByteRange(size - length, length));
            }
            long first = Long.parseLong(single.group(1));
            long last = single.group(2).isEmpty() ? Long.MAX_VALUE : Long.parseLong(single.group(2));
            if (last < first) {
                return Optional.empty(); // invalid: ignored
            }
            if (first >= size) {
                throw notSatisfiable(range, size);
            }
            return Optional.of(new ByteRange(first, Math.min(last, size - 1) - first + 1));
        } catch (NumberFormatException tooLong) {
            return Optional.empty(); // more digits than a long: no blob is that large, and it is not a valid request
        }
    }

    /** The one range asked for starts at or past the end of the blob: 416, with the blob's size. */
    private static ProblemException notSatisfiable(String range, long size) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.CONTENT_RANGE, "bytes */" + size);
        headers.set(HttpHeaders.ACCEPT_RANGES, "bytes");
        return new ProblemException(
                DownloadProblem.RANGE_NOT_SATISFIABLE,
                "the blob has " + size + " bytes; no byte of " + range + " exists",
                headers);
    }

    /** {@code If-Range}: a strong entity tag equal to the blob's, or exactly its Last-Modified date. */
    private static boolean matches(String ifRange, BlobInfo blob) {
        if (ifRange.startsWith("\"") || ifRange.startsWith("W/")) {
            return ifRange.equals(entityTag(blob.etag()));
        }
        try {
            ZonedDateTime date = ZonedDateTime.parse(ifRange, DateTimeFormatter.RFC_1123_DATE_TIME);
            return blob.lastModified() != null
                    && date.toInstant().equals(blob.lastModified().toInstant().truncatedTo(ChronoUnit.SECONDS));
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** The store's ETag as an HTTP entity tag: quoted (the real store quotes it, Azurite does not). */
    static String entityTag(String etag) {
        return etag.startsWith("\"") || etag.startsWith("W/") ? etag : "\"" + etag + "\"";
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "bytes %d-%d", first, last());
    }
}
