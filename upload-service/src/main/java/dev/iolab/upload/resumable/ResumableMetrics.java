package dev.iolab.upload.resumable;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What resumable uploads do on this replica: gauge {@code iolab.upload.resumable.active} ({@code PATCH}es writing now),
 * counters {@code iolab.upload.resumable.bytes} (bytes staged), {@code iolab.upload.resumable.resumes} ({@code HEAD}s
 * of an unfinished upload that has bytes already: a client picking up where it stopped) and
 * {@code iolab.upload.resumable.uploads{event}} ({@code created}, {@code completed}, {@code terminated},
 * {@code forgotten}: a completed upload's URL deleted, {@code expired}) and {@code iolab.upload.resumable.front.blocks}
 * (blocks the nginx front staged without this replica in the byte path; their bytes count in {@code bytes} too) and
 * {@code iolab.upload.resumable.front.questions{offset}} (the front's questions before a block: {@code state} when the
 * upload's state and the front's word on its latest block told the offset, {@code blocks} when the block list was
 * read).
 */
final class ResumableMetrics {

    private final MeterRegistry registry;
    private final AtomicInteger active = new AtomicInteger();
    private final Counter bytes;
    private final Counter resumes;
    private final Counter frontBlocks;

    ResumableMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("iolab.upload.resumable.active", active, AtomicInteger::get)
                .description("Resumable-upload PATCH requests writing on this replica now")
                .register(registry);
        this.bytes = Counter.builder("iolab.upload.resumable.bytes")
                .baseUnit("bytes")
                .description("Bytes of resumable uploads staged in the store")
                .register(registry);
        this.resumes = Counter.builder("iolab.upload.resumable.resumes")
                .description("HEAD requests of unfinished resumable uploads that already hold bytes")
                .register(registry);
        this.frontBlocks = Counter.builder("iolab.upload.resumable.front.blocks")
                .description("Blocks of resumable uploads that the nginx front staged in the store itself")
                .register(registry);
    }

    /** A {@code PATCH} starts writing; closing the result ends it. */
    AutoCloseable writing() {
        active.incrementAndGet();
        return active::decrementAndGet;
    }

    void staged(long count) {
        bytes.increment(count);
    }

    /** The front staged {@code blocks} blocks, {@code count} bytes in all. */
    void stagedByFront(long blocks, long count) {
        frontBlocks.increment(blocks);
        bytes.increment(count);
    }

    /**
     * The front completed {@code completed} uploads itself, staging {@code blocks} blocks of {@code count} bytes for them
     * under their grants.
     */
    void completedByFront(long completed, long blocks, long count) {
        stagedByFront(blocks, count);
        uploads("completed").increment(completed);
    }

    /** The front asked about a block; {@code fromState}: its offset was known without reading the block list. */
    void frontQuestion(boolean fromState) {
        Counter.builder("iolab.upload.resumable.front.questions")
                .description("Questions of the nginx front before a block, by how the upload's offset was found")
                .tag("offset", fromState ? "state" : "blocks")
                .register(registry)
                .increment();
    }

    void resumed() {
        resumes.increment();
    }

    void event(String event) {
        uploads(event).increment();
    }

    private Counter uploads(String event) {
        return Counter.builder("iolab.upload.resumable.uploads")
                .description("Resumable uploads created, completed, terminated and found expired")
                .tag("event", event)
                .register(registry);
    }
}
