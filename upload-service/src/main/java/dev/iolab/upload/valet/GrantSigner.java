package dev.iolab.upload.valet;

import dev.iolab.upload.web.ProblemException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Writes a grant into its ID and reads it back, so that a grant needs no memory on any replica: the ID holds the
 * staging blob, size, MD5 and expiry, and an HMAC-SHA256 over them and the blob name, made with a key every replica
 * shares. A completion whose ID was not signed with that key (or one of the previous keys still accepted, during a
 * rotation), was changed, is not exactly the layout below, or is presented for another name, is 404
 * {@code grant-not-found}.
 *
 * <p>Layout before Base64url (no padding): version 2 (1 byte), expiry in epoch seconds (8), size (8), MD5 length 0 or
 * 16 (1) and the MD5, staging name length (1) and its ASCII bytes, then the 32-byte MAC; nothing before the MAC may be
 * left over. The MAC is not taken over those bytes and the name side by side (then {@code …staging} + {@code
 * tenant/alice/r.bin} and {@code …stagingtenant/alice/} + {@code r.bin} would be one message) but over every field
 * again, each with its length in front, the name last ({@link #signed}): two different grants never give the MAC one
 * message. Version 1 IDs, whose MAC did not frame the name, are refused.
 */
final class GrantSigner {

    private static final byte VERSION = 2;
    private static final int MAC_LENGTH = 32;
    private static final int MD5_LENGTH = 16;
    private static final String ALGORITHM = "HmacSHA256";

    /** Separates this MAC's messages from any other use of the same key. */
    private static final byte[] DOMAIN = "iolab valet-key grant".getBytes(StandardCharsets.US_ASCII);

    private final SecretKeySpec key;
    private final List<SecretKeySpec> accepted;

    /**
     * @param key signs new grants (at least 32 bytes)
     * @param previous keys whose grants are still accepted (a rotation keeps the old key here for one grant lifetime)
     */
    GrantSigner(byte[] key, List<byte[]> previous) {
        this.key = secret(key);
        List<SecretKeySpec> all = new ArrayList<>();
        all.add(this.key);
        previous.forEach(k -> all.add(secret(k)));
        this.accepted = List.copyOf(all);
    }

    private static SecretKeySpec secret(byte[] key) {
        if (key.length < 32) {
            throw new IllegalArgumentException(
                    "a valet-key signing key must have at least 32 bytes (256 bits), not " + key.length);
        }
        return new SecretKeySpec(key.clone(), ALGORITHM);
    }

    /** The signed grant for these terms; its {@link Grant#id} is what the client completes with. */
    Grant sign(String name, long size, byte[] md5, String stagingName, Instant expiresAt) {
        byte[] staging = stagingName.getBytes(StandardCharsets.US_ASCII);
        if (staging.length > 255) {
            throw new IllegalArgumentException("staging name too long: " + stagingName);
        }
        if (md5 != null && md5.length != MD5_LENGTH) {
            throw new IllegalArgumentException("an MD5 has 16 bytes, not " + md5.length);
        }
        Grant grant = new Grant(
                null,
                name,
                size,
                md5 == null ? null : md5.clone(),
                stagingName,
                Instant.ofEpochSecond(expiresAt.getEpochSecond()));
        ByteBuffer id =
                ByteBuffer.allocate(1 + 8 + 8 + 1 + (md5 == null ? 0 : MD5_LENGTH) + 1 + staging.length + MAC_LENGTH);
        id.put(VERSION).putLong(grant.expiresAt().getEpochSecond()).putLong(size);
        id.put((byte) (md5 == null ? 0 : MD5_LENGTH));
        if (md5 != null) {
            id.put(md5);
        }
        id.put((byte) staging.length).put(staging);
        id.put(mac(key, signed(grant)));
        return new Grant(
                Base64.getUrlEncoder().withoutPadding().encodeToString(id.array()),
                grant.name(),
                grant.size(),
                grant.md5(),
                grant.stagingName(),
                grant.expiresAt());
    }

    /**
     * The grant {@code id} stands for, if the service signed it for {@code name}.
     *
     * @throws ProblemException 404 {@code grant-not-found} otherwise (an expired grant is returned: its caller decides)
     */
    Grant read(String id, String name) {
        Parsed parsed = parse(id, name).orElseThrow(GrantSigner::notFound);
        byte[] message = signed(parsed.grant());
        boolean signed = false;
        for (SecretKeySpec candidate : accepted) {
            signed |= MessageDigest.isEqual(parsed.mac(), mac(candidate, message));
        }
        if (!signed) {
            throw notFound();
        }
        return parsed.grant();
    }

    /** An ID's terms, read for {@code name}, and the MAC it carries: not yet verified. */
    private record Parsed(Grant grant, byte[] mac) {}

    /**
     * The terms in {@code id}, unverified, when it has exactly the layout of this version: every length in range and
     * every byte accounted for, the MAC last. Empty for anything else, never an exception.
     */
    private static Optional<Parsed> parse(String id, String name) {
        if (id == null || name == null) {
            return Optional.empty();
        }
        String stripped = id.strip();
        ByteBuffer body;
        try {
            body = ByteBuffer.wrap(Base64.getUrlDecoder().decode(stripped));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (body.remaining() < 1 + 8 + 8 + 1 + 1 + MAC_LENGTH || body.get() != VERSION) {
            return Optional.empty();
        }
        long expiry = body.getLong();
        long size = body.getLong();
        int md5Length = body.get();
        if (expiry < Instant.MIN.getEpochSecond() || expiry > Instant.MAX.getEpochSecond()) {
            return Optional.empty();
        }
        if (size < 0 || (md5Length != 0 && md5Length != MD5_LENGTH) || body.remaining() < md5Length + 1) {
            return Optional.empty();
        }
        byte[] md5 = md5Length == 0 ? null : new byte[md5Length];
        if (md5 != null) {
            body.get(md5);
        }
        int stagingLength = body.get() & 0xff;
        if (stagingLength == 0 || body.remaining() != stagingLength + MAC_LENGTH) {
            return Optional.empty();
        }
        byte[] staging = new byte[stagingLength];
        body.get(staging);
        byte[] mac = new byte[MAC_LENGTH];
        body.get(mac);
        for (byte b : staging) {
            if (b < 0x21 || b > 0x7e) {
                return Optional.empty(); // the service's staging names are printable ASCII
            }
        }
        Grant grant = new Grant(
                stripped,
                name,
                size,
                md5,
                new String(staging, StandardCharsets.US_ASCII),
                Instant.ofEpochSecond(expiry));
        return Optional.of(new Parsed(grant, mac));
    }

    /**
     * What the MAC is taken over: a domain label, then version, expiry, size, MD5, staging name and blob name, each
     * variable field with its length in front (4 bytes, big-endian), the blob name as UTF-8. No two grants that differ
     * in any field give the same bytes.
     */
    private static byte[] signed(Grant grant) {
        byte[] md5 = grant.md5() == null ? new byte[0] : grant.md5();
        byte[] staging = grant.stagingName().getBytes(StandardCharsets.US_ASCII);
        byte[] name = grant.name().getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(
                        4 + DOMAIN.length + 1 + 8 + 8 + 4 + md5.length + 4 + staging.length + 4 + name.length)
                .putInt(DOMAIN.length)
                .put(DOMAIN)
                .put(VERSION)
                .putLong(grant.expiresAt().getEpochSecond())
                .putLong(grant.size())
                .putInt(md5.length)
                .put(md5)
                .putInt(staging.length)
                .put(staging)
                .putInt(name.length)
                .put(name)
                .array();
    }

    private static byte[] mac(SecretKeySpec key, byte[] message) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has " + ALGORITHM, e);
        }
    }

    /** The detail does not repeat the ID: it is the client's text, of any length and with any characters. */
    private static ProblemException notFound() {
        return new ProblemException(
                ValetKeyProblem.GRANT_NOT_FOUND,
                "no such grant for this name: the service did not sign it for this name, it was changed, or it is not"
                        + " a grant ID");
    }
}
