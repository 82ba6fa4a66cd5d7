package dev.iolab.upload.resumable;

/**
 * A front's word about an upload, sent with its secret in {@code X-Front-Staged} ({@code <offset>:<lease>}): the latest
 * block it staged for the upload starts at {@code offset}, and went under {@code lease}. It vouches for every block
 * before it under the same grant too: the front stages a grant's blocks one after the other.
 *
 * @param offset where that block starts, or -1 when the front says nothing
 * @param lease the lease it was staged under, or empty
 */
record FrontStaged(long offset, String lease) {

    static final FrontStaged NONE = new FrontStaged(-1, "");

    boolean present() {
        return offset >= 0;
    }

    /** The word in a header's value; {@link #NONE} for null, empty or anything malformed. */
    static FrontStaged parse(String header) {
        if (header == null) {
            return NONE;
        }
        int colon = header.indexOf(':');
        String digits = colon > 0 ? header.substring(0, colon) : "";
        if (digits.length() > 18 || !digits.chars().allMatch(Character::isDigit) || colon == header.length() - 1) {
            return NONE;
        }
        return digits.isEmpty() ? NONE : new FrontStaged(Long.parseLong(digits), header.substring(colon + 1));
    }
}
