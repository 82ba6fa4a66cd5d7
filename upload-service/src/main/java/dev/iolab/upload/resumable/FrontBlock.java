package dev.iolab.upload.resumable;

import java.time.Duration;
import java.time.Instant;

/**
 * The block the front is staging, or staged last, as the upload's state records it: whoever finds that block staged may
 * take over its lease, since its writer is done, and the front's next block may keep the lease without renewing it
 * while it is fresh.
 *
 * @param offset where the block starts, or -1 when there is none
 * @param lease the lease it is staged under, or empty
 * @param renewed when that lease was taken or last renewed (by the replica's clock), or {@link Instant#EPOCH} when not
 *     known
 */
record FrontBlock(long offset, String lease, Instant renewed) {

    static final FrontBlock NONE = new FrontBlock(-1, "", Instant.EPOCH);

    boolean present() {
        return offset >= 0;
    }

    /**
     * Whether the lease was taken or renewed less than a third of {@code duration} before {@code now}: it then holds for
     * two thirds of it at least, with room for the clocks of two replicas to differ by seconds.
     */
    boolean freshAt(Instant now, Duration duration) {
        return present() && renewed.isAfter(now.minus(duration.dividedBy(3)));
    }

    /** {@code <offset>:<lease>:<renewed, epoch ms>}: one metadata value. */
    String encoded() {
        return offset + ":" + lease + ":" + renewed.toEpochMilli();
    }

    /**
     * The block in {@link #encoded} form, or {@link #NONE} for null or empty; {@code <offset>:<lease>} (no time) is
     * read as renewed at an unknown time.
     */
    static FrontBlock parse(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return NONE;
        }
        String[] parts = encoded.split(":", 3);
        Instant renewed = parts.length == 3 ? Instant.ofEpochMilli(Long.parseLong(parts[2])) : Instant.EPOCH;
        return new FrontBlock(Long.parseLong(parts[0]), parts[1], renewed);
    }
}
