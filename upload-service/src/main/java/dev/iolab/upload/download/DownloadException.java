package dev.iolab.upload.download;

/** Root of the download feature's refusals, answered as problems by the web layer's problem handler. */
public abstract sealed class DownloadException extends RuntimeException
        permits DownloadException.Busy, DownloadException.RangeNotSatisfiable {

    DownloadException(String detail) {
        super(detail);
    }

    /** Every download slot is taken: 503 {@code downloads-busy} with {@code Retry-After}. */
    public static final class Busy extends DownloadException {

        Busy(int slots) {
            super("all " + slots + " download slots are in use");
        }
    }

    /** The one range asked for starts at or past the end of the blob: 416 with {@code Content-Range: bytes *}/size. */
    public static final class RangeNotSatisfiable extends DownloadException {

        private final long size;

        RangeNotSatisfiable(String range, long size) {
            super("the blob has " + size + " bytes; no byte of " + range + " exists");
            this.size = size;
        }

        /** The blob's size, for {@code Content-Range: bytes *}/size. */
        public long size() {
            return size;
        }
    }
}
