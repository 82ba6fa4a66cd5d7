package dev.iolab.upload.resumable;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The tus 1.0 protocol's header names and values, and the parsing of the headers a client sends: numbers,
 * {@code Upload-Metadata} and {@code Upload-Checksum}. Malformed headers are refused with 400 {@code invalid-tus-header},
 * an algorithm not served with 400 {@code unsupported-checksum}.
 */
final class Tus {

    static final String VERSION = "1.0.0";
    static final String RESUMABLE = "Tus-Resumable";
    static final String VERSION_HEADER = "Tus-Version";
    static final String EXTENSION = "Tus-Extension";
    static final String MAX_SIZE = "Tus-Max-Size";
    static final String CHECKSUM_ALGORITHM = "Tus-Checksum-Algorithm";
    static final String UPLOAD_OFFSET = "Upload-Offset";
    static final String UPLOAD_LENGTH = "Upload-Length";
    static final String UPLOAD_DEFER_LENGTH = "Upload-Defer-Length";
    static final String UPLOAD_METADATA = "Upload-Metadata";
    static final String UPLOAD_CHECKSUM = "Upload-Checksum";
    static final String UPLOAD_EXPIRES = "Upload-Expires";
    static final String OFFSET_OCTET_STREAM = "application/offset+octet-stream";
    static final String EXTENSIONS = "creation,creation-with-upload,termination,expiration,checksum";

    /** Longest {@code Upload-Metadata} kept: the store holds it with the rest of the state in 8 KiB of metadata. */
    static final int MAX_METADATA_LENGTH = 4096;

    /** The checksum algorithms served, tus name to JDK name. */
    static final Map<String, String> ALGORITHMS = Map.of("sha1", "SHA-1", "md5", "MD5", "sha256", "SHA-256");

    static final String ALGORITHM_LIST = "sha1,md5,sha256";

    private Tus() {}

    /** Refuses a request without {@code Tus-Resumable: 1.0.0} (412, with the versions served). */
    static void requireVersion(String header) {
        if (!VERSION.equals(header == null ? null : header.strip())) {
            throw new ResumableException(
                    ResumableProblem.TUS_VERSION,
                    header == null
                            ? "send Tus-Resumable: " + VERSION
                            : "Tus-Resumable " + header + " is not served; this server speaks " + VERSION);
        }
    }

    /** A non-negative decimal header, or -1 when it is absent. */
    static long number(String name, String value) {
        if (value == null) {
            return -1;
        }
        String digits = value.strip();
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw invalid(name + " must be a non-negative integer, not '" + value + "'");
        }
        return Long.parseLong(digits);
    }

    /**
     * {@code Upload-Metadata}: comma-separated pairs of a key and the Base64 of its value (or a key alone), keys
     * unique, without spaces or commas.
     *
     * @return each key's decoded value (UTF-8; empty for a key alone), in the order sent
     */
    static Map<String, String> metadata(String header) {
        Map<String, String> pairs = new LinkedHashMap<>();
        if (header == null || header.isBlank()) {
            return pairs;
        }
        if (header.length() > MAX_METADATA_LENGTH) {
            throw invalid("Upload-Metadata has " + header.length() + " characters, more than " + MAX_METADATA_LENGTH);
        }
        for (String pair : header.split(",", -1)) {
            String[] parts = pair.strip().split(" ", -1);
            if (parts.length > 2 || parts[0].isEmpty()) {
                throw invalid("Upload-Metadata pairs are 'key base64value', separated by commas");
            }
            String value = parts.length == 2 ? decode(parts[1], "the value of Upload-Metadata key " + parts[0]) : "";
            if (pairs.put(parts[0], value) != null) {
                throw invalid("Upload-Metadata has key '" + parts[0] + "' twice");
            }
        }
        return pairs;
    }

    /**
     * {@code Upload-Checksum} (or the whole-upload checksum in the same form): an algorithm served and the Base64 of
     * the digest, as long as the algorithm's digests are.
     *
     * @return the checksum, or null when the header is absent
     */
    static Checksum checksum(String header) {
        if (header == null) {
            return null;
        }
        String[] parts = header.strip().split(" ", -1);
        if (parts.length != 2) {
            throw invalid("a checksum is '<algorithm> <base64 digest>', not '" + header + "'");
        }
        String algorithm = parts[0].toLowerCase(Locale.ROOT);
        String jdkName = ALGORITHMS.get(algorithm);
        if (jdkName == null) {
            throw new ResumableException(
                    ResumableProblem.UNSUPPORTED_CHECKSUM,
                    "checksum algorithm '" + parts[0] + "' is not served; use one of " + ALGORITHM_LIST);
        }
        byte[] digest = Base64.getDecoder().decode(requireBase64(parts[1], "the checksum"));
        int expected = switch (algorithm) {
            case "md5" -> 16;
            case "sha1" -> 20;
            default -> 32;
        };
        if (digest.length != expected) {
            throw invalid("a " + algorithm + " digest has " + expected + " bytes, not " + digest.length);
        }
        return new Checksum(algorithm, jdkName, digest);
    }

    private static String decode(String base64, String what) {
        return new String(Base64.getDecoder().decode(requireBase64(base64, what)), StandardCharsets.UTF_8);
    }

    private static String requireBase64(String text, String what) {
        try {
            Base64.getDecoder().decode(text);
            return text;
        } catch (IllegalArgumentException e) {
            throw invalid(what + " is not Base64");
        }
    }

    static ResumableException invalid(String detail) {
        return new ResumableException(ResumableProblem.INVALID_HEADER, detail);
    }

    /**
     * A digest the client sent.
     *
     * @param algorithm its tus name ({@code sha1})
     * @param jdkName its JDK name ({@code SHA-1})
     * @param digest the expected digest
     */
    record Checksum(String algorithm, String jdkName, byte[] digest) {

        /** As the header carries it: {@code sha1 <base64>}. */
        String header() {
            return algorithm + " " + Base64.getEncoder().encodeToString(digest);
        }
    }
}
