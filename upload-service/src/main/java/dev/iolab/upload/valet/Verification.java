package dev.iolab.upload.valet;

/** How a completion knew the staged bytes were the granted ones; the {@code method} tag of the completion metrics. */
enum Verification {
    /**
     * The grant names an MD5 and the staged blob was written by one Put Blob, whose MD5 the store checked against the
     * client's header or computed itself: its {@code Content-MD5} property vouches for the bytes. Nothing is read.
     */
    STORE_CHECKED("store-checked"),
    /** The grant names no MD5: the size is the store's, the MD5 is what the store holds for the blob. Nothing is read. */
    SIZE_ONLY("size-only"),
    /**
     * The grant names an MD5 the store cannot vouch for (the blob was copied in or assembled from blocks, or holds no
     * MD5): the service reads it back and hashes it.
     */
    READ_BACK("read-back");

    private final String tag;

    Verification(String tag) {
        this.tag = tag;
    }

    String tag() {
        return tag;
    }
}
