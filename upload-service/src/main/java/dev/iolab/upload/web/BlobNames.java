package dev.iolab.upload.web;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.springframework.web.util.UriUtils;

/**
 * The one place names are read from requests and checked, for every route (path, query, multipart field, filename),
 * so that the name the store receives is byte for byte the name the client sent, gets back in {@code Location}, and
 * can {@code GET}:
 * <ul>
 *   <li>{@link #fromRawPath} reads a name from the request path as sent ({@code getRequestURI()}), not from what Tomcat
 *       made of it: Tomcat strips path parameters ({@code report;v2.pdf} → {@code report}) and normalises dot
 *       segments before routing.
 *   <li>{@link #validate} refuses what Azure refuses or drops, and what could not round-trip or would deceive a
 *       reader, each rule with its own 400 problem type ({@link WebProblem}):
 *       <ul>
 *         <li>{@code name-too-long}: over 1,024 characters (UTF-16 units, as Azure counts them);
 *         <li>{@code name-too-deep}: over 254 path segments;
 *         <li>{@code name-trailing-dot-or-slash}: the name or any path segment ends in {@code .}, or the name in
 *             {@code /} (Azure drops a trailing dot and refuses such segments);
 *         <li>{@code name-forbidden-character}: control characters (C0, DEL, C1), private-use code points,
 *             noncharacters ({@code U+FDD0}–{@code U+FDEF}, {@code U+xFFFE}, {@code U+xFFFF}) and unpaired surrogates,
 *             which Azure's naming rules exclude;
 *         <li>{@code name-invisible-character}: format characters (Unicode category Cf: zero-width space, joiners,
 *             {@code U+FEFF}, bidirectional marks, embeddings, overrides and isolates) and line and paragraph
 *             separators: Azure and Azurite store them, but they make names that look like other names and
 *             rearrange the log lines that print them;
 *         <li>{@code invalid-name}: empty; {@code ;} (Tomcat, Spring Security's firewall and other servers read it as
 *             the start of path parameters); {@code \} (Azure stores it as {@code /}, so {@code ..\evil} would become
 *             {@code ../evil}); U+FFFD (the bytes were not UTF-8, so the name is not what was sent); empty,
 *             {@code .} and {@code ..} segments.
 *       </ul>
 *   <li>{@link #path} is the path a valid name is fetched from ({@code Location}).
 * </ul>
 * Every refusal is 400 and says which rule the name broke; none repeats the name.
 */
public final class BlobNames {

    public static final int MAX_LENGTH = 1024;

    /** Azure's limit on the path segments (the parts between {@code /}) of a blob name. */
    public static final int MAX_SEGMENTS = 254;

    /** The routes' prefix: {@code /uploads/{name}}. */
    public static final String PREFIX = "/uploads/";

    private BlobNames() {}

    /**
     * Checks a name the client asked for and returns it unchanged.
     *
     * @throws ProblemException 400, with the problem type of the first rule the name breaks (see the class comment)
     */
    public static String validate(String name) {
        if (name == null || name.isEmpty()) {
            throw invalid("the name is empty");
        }
        if (name.length() > MAX_LENGTH) {
            throw new ProblemException(
                    WebProblem.NAME_TOO_LONG, "the name has " + name.length() + " characters, more than " + MAX_LENGTH);
        }
        name.codePoints().forEach(BlobNames::checkCharacter);
        checkSegments(name);
        return name;
    }

    private static void checkCharacter(int c) {
        if (Character.isISOControl(c)) {
            throw forbidden("control character", c);
        }
        switch (c) {
            case ';' ->
                throw invalid("the name contains ';', which servers and proxies read as the start of path parameters,"
                        + " so it could not be fetched back as sent");
            case '\\' -> throw invalid("the name contains '\\', which the blob store turns into '/'");
            case '\uFFFD' -> throw invalid("the name contains U+FFFD: its bytes were not valid UTF-8");
            default -> {}
        }
        switch (Character.getType(c)) {
            case Character.PRIVATE_USE -> throw forbidden("private-use code point", c);
            case Character.SURROGATE -> throw forbidden("unpaired surrogate", c);
            case Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR ->
                throw new ProblemException(
                        WebProblem.NAME_INVISIBLE_CHARACTER,
                        "the name contains %s, an invisible character: names with them look like other names"
                                .formatted(describe(c)));
            default -> {}
        }
        if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE) {
            throw forbidden("noncharacter", c);
        }
    }

    /** Azure's limit on path segments, and the segments Azure drops or the service refuses. */
    private static void checkSegments(String name) {
        String[] segments = name.split("/", -1);
        if (segments.length > MAX_SEGMENTS) {
            throw new ProblemException(
                    WebProblem.NAME_TOO_DEEP,
                    "the name has " + segments.length + " path segments, more than " + MAX_SEGMENTS);
        }
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (segment.equals(".") || segment.equals("..") || (segment.isEmpty() && !(last && i > 0))) {
                throw invalid("the name has an empty, '.' or '..' path segment");
            }
            if (segment.isEmpty()) {
                throw trailing("the name ends in '/'");
            }
            if (segment.endsWith(".")) {
                throw trailing(
                        last
                                ? "Azure does not allow a name ending in '.'"
                                : "path segment " + (i + 1) + " of " + segments.length
                                        + " ends in '.', which Azure does not allow");
            }
        }
    }

    /**
     * The name in a request path exactly as the client sent it, unvalidated: what follows {@code prefix} in
     * {@code rawPath} (a servlet request's {@code getRequestURI()}: not decoded, not normalised, path parameters kept),
     * percent-decoded as UTF-8. Empty when the path does not continue past {@code prefix}.
     *
     * @param prefix e.g. {@code contextPath + "/uploads/"}
     * @param suffix what the route adds after the name (e.g. {@code "/grant"}), or empty
     * @throws ProblemException 400 invalid-name when the percent-encoding is malformed or the bytes are not UTF-8
     */
    public static String fromRawPath(String rawPath, String prefix, String suffix) {
        if (!rawPath.startsWith(prefix)
                || !rawPath.endsWith(suffix)
                || rawPath.length() < prefix.length() + suffix.length()) {
            return "";
        }
        return percentDecode(rawPath.substring(prefix.length(), rawPath.length() - suffix.length()));
    }

    /** {@link #fromRawPath(String, String, String)} for a route that ends with the name. */
    public static String fromRawPath(String rawPath, String prefix) {
        return fromRawPath(rawPath, prefix, "");
    }

    /** The name in {@code request}'s path below {@code /uploads/}, as the client sent it, unvalidated. */
    public static String fromRequest(HttpServletRequest request) {
        return fromRequest(request, "");
    }

    /**
     * The name in {@code request}'s path below {@code /uploads/} and before {@code suffix}, as the client sent it,
     * unvalidated ({@link #fromRawPath}).
     *
     * @param suffix what the route adds after the name (e.g. {@code "/grant"}), or empty
     */
    public static String fromRequest(HttpServletRequest request, String suffix) {
        return fromRawPath(request.getRequestURI(), request.getContextPath() + PREFIX, suffix);
    }

    /**
     * The path a valid name is fetched from, {@code /uploads/} and the name with every character outside a path
     * segment's own ({@code unreserved}, sub-delimiters, {@code :}, {@code @}, and {@code /}) percent-encoded as UTF-8;
     * {@link #fromRawPath} reads it back to the same name.
     */
    public static String path(String name) {
        return PREFIX + UriUtils.encodePath(name, StandardCharsets.UTF_8);
    }

    private static String percentDecode(String raw) {
        // The raw request URI carries the request line's bytes one char each (ISO-8859-1), so every char is a byte.
        ByteBuffer bytes = ByteBuffer.allocate(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '%') {
                if (c > 0xFF) {
                    throw invalid("the name's bytes are not valid UTF-8");
                }
                bytes.put((byte) c);
                continue;
            }
            if (i + 2 >= raw.length() || !isHex(raw.charAt(i + 1)) || !isHex(raw.charAt(i + 2))) {
                throw invalid("the name's percent-encoding is malformed");
            }
            bytes.put((byte) HexFormat.fromHexDigits(raw, i + 1, i + 3));
            i += 2;
        }
        bytes.flip();
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes)
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid("the name's bytes are not valid UTF-8");
        }
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    private static ProblemException invalid(String detail) {
        return new ProblemException(WebProblem.INVALID_NAME, detail);
    }

    private static ProblemException trailing(String detail) {
        return new ProblemException(WebProblem.NAME_TRAILING_DOT_OR_SLASH, detail);
    }

    private static ProblemException forbidden(String what, int c) {
        return new ProblemException(
                WebProblem.NAME_FORBIDDEN_CHARACTER, "the name contains %s %s".formatted(what, describe(c)));
    }

    /** {@code U+200B ZERO WIDTH SPACE}: the code point and, where Unicode names it, its name. */
    private static String describe(int c) {
        String name = Character.getName(c);
        return "U+%04X".formatted(c) + (name == null ? "" : " " + name);
    }
}
