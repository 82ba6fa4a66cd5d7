package dev.iolab.upload.valet;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Writes a grant into its ID and reads it back, so that a grant needs no memory on any replica: the ID holds the
 * staging blob, size, MD5 and expiry, and an HMAC-SHA256 over them and the blob name, made with a key every replica
 * shares. A completion whose ID was not signed with that key (or one of the previous keys still accepted, during a
 * rotation), was changed, or is presented for another name, is 404 {@code grant-not-found}.
 *
 * <p>Layout before Base64url (no padding): version 1 (1 byte), expiry in epoch seconds (8), size (8), MD5 length 0 or
 * 16 (1) and the MD5, staging name length (1) and its ASCII bytes, then the 32-byte MAC.
 */
final class GrantSigner {

    private static final byte VERSION = 1;
    private static final int MAC_LENGTH = 32;
    private static final String ALGORITHM = "HmacSHA256";

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
        ByteBuffer body = ByteBuffer.allocate(1 + 8 + 8 + 1 + (md5 == null ? 0 : 16) + 1 + staging.length);
        body.put(VERSION).putLong(expiresAt.getEpochSecond()).putLong(size);
        body.put((byte) (md5 == null ? 0 : 16));
        if (md5 != null) {
            body.put(md5);
        }
        body.put((byte) staging.length).put(staging);
        byte[] terms = body.array();
        byte[] mac = mac(key, terms, name);
        byte[] id = ByteBuffer.allocate(terms.length + MAC_LENGTH)
                .put(terms)
                .put(mac)
                .array();
        return new Grant(
                Base64.getUrlEncoder().withoutPadding().encodeToString(id),
                name,
                size,
                md5 == null ? null : md5.clone(),
                stagingName,
                Instant.ofEpochSecond(expiresAt.getEpochSecond()));
    }

    /**
     * The grant {@code id} stands for, if the service signed it for {@code name}.
     *
     * @throws ValetKeyException 404 {@code grant-not-found} otherwise (an expired grant is returned: its caller decides)
     */
    Grant read(String id, String name) {
        byte[] bytes;
        try {
            bytes = id == null ? new byte[0] : Base64.getUrlDecoder().decode(id.strip());
        } catch (IllegalArgumentException e) {
            throw notFound(id);
        }
        if (bytes.length < 1 + 8 + 8 + 1 + 1 + MAC_LENGTH || bytes[0] != VERSION) {
            throw notFound(id);
        }
        byte[] terms = java.util.Arrays.copyOf(bytes, bytes.length - MAC_LENGTH);
        byte[] mac = java.util.Arrays.copyOfRange(bytes, bytes.length - MAC_LENGTH, bytes.length);
        boolean signed = false;
        for (SecretKeySpec candidate : accepted) {
            signed |= MessageDigest.isEqual(mac, mac(candidate, terms, name));
        }
        if (!signed) {
            throw notFound(id);
        }
        ByteBuffer body = ByteBuffer.wrap(terms);
        body.get();
        long expiry = body.getLong();
        long size = body.getLong();
        int md5Length = body.get();
        byte[] md5 = null;
        if (md5Length == 16) {
            md5 = new byte[16];
            body.get(md5);
        }
        byte[] staging = new byte[body.get() & 0xff];
        body.get(staging);
        return new Grant(
                id.strip(),
                name,
                size,
                md5,
                new String(staging, StandardCharsets.US_ASCII),
                Instant.ofEpochSecond(expiry));
    }

    private static byte[] mac(SecretKeySpec key, byte[] terms, String name) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            mac.update(terms);
            return mac.doFinal(name.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has " + ALGORITHM, e);
        }
    }

    private static ValetKeyException notFound(String id) {
        return new ValetKeyException(
                ValetKeyProblem.GRANT_NOT_FOUND,
                "no grant '" + id + "' for this name: the service did not sign it for this name, or it was changed");
    }
}
