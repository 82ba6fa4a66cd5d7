package dev.iolab.upload.resumable;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * An upload's small state, kept as the metadata of its blob in the store (Azure metadata: ASCII names and values, 8 KiB
 * in all), so that every replica reads the same. The bytes received are not here: they are the blob's blocks.
 *
 * @param name the blob name the upload is stored under once complete
 * @param length the upload's length in bytes
 * @param blockSize the block size it was created with (a later change of the setting does not move its blocks)
 * @param owner who may resume it ({@code key:<client>}), or empty when its unguessable ID is the only capability
 * @param expires when it expires unless a {@code PATCH} moves that on
 * @param uploadMetadata its {@code Upload-Metadata} as sent, or empty
 * @param digest the whole-upload checksum to verify before the blob appears ({@code sha1 <base64>}), or empty
 * @param pending where a checksummed {@code PATCH} began whose bytes are not verified yet (blocks from there on do not
 *     count), or -1
 * @param completed whether the blob is stored under its name
 * @param front the front's grant, or {@link FrontGrant#NONE}
 * @param recorded where the upload stood when its last writer wrote this state (every block before it is staged), or
 *     -1 when not recorded; blocks past it may be staged too (a writer that died before it recorded them), so only
 *     the block list tells a client that asks where to resume
 */
record UploadState(
        String name,
        long length,
        int blockSize,
        String owner,
        Instant expires,
        String uploadMetadata,
        String digest,
        long pending,
        boolean completed,
        FrontGrant front,
        long recorded) {

    /** The metadata value of the front's grant ({@link FrontGrant#encoded}). */
    private static final String DIRECT = "direct";

    /** The metadata value of {@link #recorded}. */
    private static final String RECORDED = "offset";

    UploadState withExpires(Instant at) {
        return new UploadState(
                name, length, blockSize, owner, at, uploadMetadata, digest, pending, completed, front, recorded);
    }

    UploadState withPending(long offset) {
        return new UploadState(
                name, length, blockSize, owner, expires, uploadMetadata, digest, offset, completed, front, recorded);
    }

    UploadState asCompleted() {
        return new UploadState(
                name, length, blockSize, owner, expires, uploadMetadata, digest, -1, true, FrontGrant.NONE, length);
    }

    /** This state with the front holding {@code grant}. */
    UploadState withFront(FrontGrant grant) {
        return new UploadState(
                name, length, blockSize, owner, expires, uploadMetadata, digest, pending, completed, grant, recorded);
    }

    /** This state as a writer records it with the upload standing at {@code offset}. */
    UploadState withRecorded(long offset) {
        return new UploadState(
                name, length, blockSize, owner, expires, uploadMetadata, digest, pending, completed, front, offset);
    }

    UploadState withoutFront() {
        return withFront(FrontGrant.NONE);
    }

    BlockGrid grid() {
        return new BlockGrid(blockSize, length);
    }

    /** Whether {@code requester} ({@code key:<client>}, or empty) may see and resume this upload. */
    boolean ownedBy(String requester) {
        return owner.isEmpty() || owner.equals(requester);
    }

    boolean expiredAt(Instant now) {
        return !completed && now.isAfter(expires);
    }

    /**
     * The upload's offset from its staged blocks; its length only once it is complete. An upload whose every block is
     * staged but which was not completed (its writer died before the commit, or the copy after the commit failed)
     * answers the start of its last block, so that the client sends that block again and the {@code PATCH} that takes
     * it completes the upload.
     */
    long offset(Map<String, Long> blocks) {
        if (completed) {
            return length;
        }
        long offset = grid().offset(blocks, pending >= 0 ? pending : Long.MAX_VALUE);
        return offset == length && length > 0 ? grid().lastBlockStart() : offset;
    }

    /**
     * Where the upload stands by its state alone, or -1 when only its block list tells: the offset its last writer
     * recorded, unless the front was granted blocks since, a checksummed {@code PATCH} is pending, or the offset
     * recorded is the upload's end without the upload completed (see {@link #offset}). Every block before it is
     * staged; a writer may start there, restaging with the same IDs any block past it that a writer before it staged
     * without recording.
     */
    long recordedOffset() {
        if (completed) {
            return length;
        }
        return !front.present() && pending < 0 && recorded < length ? recorded : -1;
    }

    /**
     * Where the upload stands by this state and the front's word: just past the block {@code frontStaged} names when
     * that is the word of the grant's holder; else {@link #recordedOffset}. -1 when neither tells (then only the block
     * list does).
     */
    long offsetAfter(FrontStaged frontStaged) {
        if (front.heldBy(frontStaged, blockSize) && frontStaged.offset() < length) {
            return frontStaged.offset() + grid().sizeAt(frontStaged.offset());
        }
        return recordedOffset();
    }

    /**
     * The bytes the front staged under the grant this state records, the upload standing at {@code offset}: from
     * the grant's start to there; 0 when there is no grant or the upload did not move past its start.
     */
    long stagedByFront(long offset) {
        long from = front.from();
        return from >= 0 && from < offset ? offset - from : 0;
    }

    Map<String, String> toMetadata() {
        Map<String, String> metadata = new HashMap<>();
        metadata.put("name", encode(name));
        metadata.put("length", Long.toString(length));
        metadata.put("blocksize", Integer.toString(blockSize));
        if (!owner.isEmpty()) {
            metadata.put("owner", encode(owner));
        }
        metadata.put("expires", Long.toString(expires.toEpochMilli()));
        if (!uploadMetadata.isEmpty()) {
            metadata.put("uploadmetadata", uploadMetadata);
        }
        if (!digest.isEmpty()) {
            metadata.put("digest", digest);
        }
        if (pending >= 0) {
            metadata.put("pending", Long.toString(pending));
        }
        if (completed) {
            metadata.put("completed", "true");
        }
        if (front.present()) {
            metadata.put(DIRECT, front.encoded());
        }
        if (recorded >= 0) {
            metadata.put(RECORDED, Long.toString(recorded));
        }
        return metadata;
    }

    /**
     * The state in a blob's metadata.
     *
     * @throws IllegalArgumentException the metadata is not an upload's (a blob the service did not write)
     */
    static UploadState fromMetadata(Map<String, String> metadata) {
        Map<String, String> m = new HashMap<>();
        metadata.forEach((k, v) -> m.put(k.toLowerCase(java.util.Locale.ROOT), v));
        try {
            return new UploadState(
                    decode(m.get("name")),
                    Long.parseLong(m.get("length")),
                    Integer.parseInt(m.get("blocksize")),
                    decode(m.getOrDefault("owner", "")),
                    Instant.ofEpochMilli(Long.parseLong(m.get("expires"))),
                    m.getOrDefault("uploadmetadata", ""),
                    m.getOrDefault("digest", ""),
                    m.containsKey("pending") ? Long.parseLong(m.get("pending")) : -1,
                    "true".equals(m.get("completed")),
                    FrontGrant.parse(m.get(DIRECT)),
                    m.containsKey(RECORDED) ? Long.parseLong(m.get(RECORDED)) : -1);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an upload's metadata: " + metadata.keySet(), e);
        }
    }

    private static String encode(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String text) {
        return new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
    }
}
