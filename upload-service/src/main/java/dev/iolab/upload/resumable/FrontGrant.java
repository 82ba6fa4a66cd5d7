package dev.iolab.upload.resumable;

import java.time.Duration;
import java.time.Instant;

/**
 * What the upload's state records of the front's grant: one front may stage the upload's blocks from {@code from} on,
 * one after the other, under {@code lease}, without asking before each ({@code ops/nginx/tus-front.conf}). Only the
 * front that holds the grant can say how far it got ({@link FrontStaged}); any other writer reads the block list, and
 * takes the lease over by changing its ID, after which the holder can stage nothing more.
 *
 * @param from where the first block of the grant starts, or -1 when there is no grant
 * @param lease the lease its blocks are staged under, or empty
 * @param renewed when that lease was taken or last renewed (by the replica's clock), or {@link Instant#EPOCH} when not
 *     known
 */
record FrontGrant(long from, String lease, Instant renewed) {

    static final FrontGrant NONE = new FrontGrant(-1, "", Instant.EPOCH);

    boolean present() {
        return from >= 0;
    }

    /**
     * Whether the lease was taken or renewed less than a third of {@code duration} before {@code now}: it then holds for
     * two thirds of it at least, with room for the clocks of two replicas to differ by seconds.
     */
    boolean freshAt(Instant now, Duration duration) {
        return present() && renewed.isAfter(now.minus(duration.dividedBy(3)));
    }

    /** How long the {@code Put Block} address of a grant is signed for: the lease's {@code duration} and a minute. */
    static Duration signedFor(Duration duration) {
        return duration.plusMinutes(1);
    }

    /**
     * How long from the signing of its address the front may start blocks under a grant: while the signature has two
     * thirds of the lease's {@code duration} left, the time a block has to arrive in (80 s for 60 s). The lease does
     * not bound it: the front renews the lease before each block of a grant, and a renewal that fails (another writer
     * took the lease over) ends the grant. So a grant outlasts a slow block: the upload's next block, started when the
     * previous one ends, needs no question.
     */
    static Duration startsFor(Duration duration) {
        return signedFor(duration).minus(duration.multipliedBy(2).dividedBy(3));
    }

    /**
     * Whether {@code staged} is the word of this grant's holder: staged under its lease, at a block of
     * {@code blockSize} no earlier than the one before the grant's first (the holder staged that one under the grant
     * before, and asked again).
     */
    boolean heldBy(FrontStaged staged, int blockSize) {
        return present()
                && staged.present()
                && lease.equals(staged.lease())
                && staged.offset() % blockSize == 0
                && staged.offset() >= from - blockSize;
    }

    /** {@code <from>:<lease>:<renewed, epoch ms>}: one metadata value. */
    String encoded() {
        return from + ":" + lease + ":" + renewed.toEpochMilli();
    }

    /**
     * The grant in {@link #encoded} form, or {@link #NONE} for null or empty; {@code <from>:<lease>} (no time) is read
     * as renewed at an unknown time.
     */
    static FrontGrant parse(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return NONE;
        }
        String[] parts = encoded.split(":", 3);
        Instant renewed = parts.length == 3 ? Instant.ofEpochMilli(Long.parseLong(parts[2])) : Instant.EPOCH;
        return new FrontGrant(Long.parseLong(parts[0]), parts[1], renewed);
    }
}
