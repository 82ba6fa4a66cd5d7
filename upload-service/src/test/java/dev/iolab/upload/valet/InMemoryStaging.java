package dev.iolab.upload.valet;

import dev.iolab.upload.storage.StagingArea;
import java.net.URI;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Staging blobs and markers in memory, for the service's own logic (the store's part is tested against Azurite): a
 * test puts what a client would have staged with {@link #stage}, and sees what was promoted and deleted.
 */
class InMemoryStaging implements StagingArea {

    /** What a client staged: its bytes, whether from blocks, and the MD5 property the store holds. */
    record Staged(byte[] content, boolean fromBlocks, byte[] md5Property, String etag) {}

    final Map<String, Staged> blobs = new ConcurrentHashMap<>();
    final Map<String, Marker> markers = new ConcurrentHashMap<>();
    final Map<String, String> promoted = new ConcurrentHashMap<>();
    final AtomicInteger digests = new AtomicInteger();
    private final AtomicInteger etags = new AtomicInteger();

    /** Stages {@code content} as one Put Blob would (the store's MD5) or as blocks (the MD5 the client declared). */
    void stage(String stagingName, byte[] content, boolean fromBlocks, byte[] declaredMd5) {
        blobs.put(
                stagingName,
                new Staged(
                        content,
                        fromBlocks,
                        fromBlocks ? declaredMd5 : md5(content),
                        "\"" + etags.incrementAndGet() + "\""));
    }

    static String stagingNameOf(GrantAnswer answer) {
        return URI.create(answer.uploadUrl()).getPath().substring(1);
    }

    static byte[] md5(byte[] content) {
        try {
            return MessageDigest.getInstance("MD5").digest(content);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String newName(String prefix) {
        return prefix + "-" + java.util.UUID.randomUUID();
    }

    @Override
    public String newName(String prefix, long maxSize, Instant expiresAt) {
        return prefix + "-" + expiresAt.getEpochSecond() + "-" + maxSize + "-" + java.util.UUID.randomUUID();
    }

    @Override
    public URI writeUrl(String stagingName, OffsetDateTime expiresAt, boolean blocks, URI publicEndpoint) {
        return URI.create("http://store.invalid/" + stagingName + (blocks ? "?sp=cw" : "?sp=c"));
    }

    @Override
    public Optional<StagedBlob> find(String stagingName) {
        Staged staged = blobs.get(stagingName);
        return staged == null
                ? Optional.empty()
                : Optional.of(new StagedBlob(
                        staged.content().length,
                        staged.etag(),
                        staged.md5Property(),
                        CONTENT_TYPE,
                        true,
                        false,
                        false));
    }

    @Override
    public boolean hasCommittedBlocks(String stagingName) {
        Staged staged = blobs.get(stagingName);
        return staged != null && staged.fromBlocks();
    }

    @Override
    public StagedDigest digest(String stagingName, String etag) {
        digests.incrementAndGet();
        byte[] content = blobs.get(stagingName).content();
        return new StagedDigest(content.length, md5(content));
    }

    @Override
    public void promote(String stagingName, StagedBlob staged, String name, byte[] md5) {
        promoted.put(name, stagingName);
    }

    @Override
    public boolean delete(String stagingName) {
        blobs.remove(stagingName);
        return true;
    }

    @Override
    public int sweep(Instant now, Instant cutoff, Duration grace) {
        return 0;
    }

    @Override
    public Optional<String> createMarker(String name, Map<String, String> metadata) {
        Marker created = new Marker("\"" + etags.incrementAndGet() + "\"", Map.copyOf(metadata));
        return markers.putIfAbsent(name, created) == null ? Optional.of(created.etag()) : Optional.empty();
    }

    @Override
    public Optional<Marker> marker(String name) {
        return Optional.ofNullable(markers.get(name));
    }

    @Override
    public Optional<String> replaceMarker(String name, String etag, Map<String, String> metadata) {
        Marker replacement = new Marker("\"" + etags.incrementAndGet() + "\"", Map.copyOf(metadata));
        Marker[] replaced = new Marker[1];
        markers.computeIfPresent(name, (k, current) -> {
            if (current.etag().equals(etag)) {
                replaced[0] = replacement;
                return replacement;
            }
            return current;
        });
        return Optional.ofNullable(replaced[0]).map(Marker::etag);
    }

    @Override
    public void deleteMarker(String name, String etag) {
        markers.computeIfPresent(name, (k, current) -> current.etag().equals(etag) ? null : current);
    }

    @Override
    public Optional<byte[]> derivedSecret(String purpose) {
        return Optional.of(new byte[32]);
    }
}
