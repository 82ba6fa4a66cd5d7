package dev.iolab.upload.download;

import dev.iolab.upload.web.ProblemException;
import org.springframework.http.HttpHeaders;

/** Root of the download feature's refusals, each answered with its {@link DownloadProblem}. */
abstract sealed class DownloadException extends ProblemException
        permits DownloadException.Busy, DownloadException.RangeNotSatisfiable {

    DownloadException(DownloadProblem problem, String detail) {
        super(problem, detail);
    }

    /** Every download slot is taken: 503 {@code downloads-busy} with {@code Retry-After}. */
    static final class Busy extends DownloadException {

        Busy(int slots) {
            super(DownloadProblem.DOWNLOADS_BUSY, "all " + slots + " download slots are in use");
        }
    }

    /** The one range asked for starts at or past the end of the blob: 416 with {@code Content-Range: bytes *}/size. */
    static final class RangeNotSatisfiable extends DownloadException {

        private final long size;

        RangeNotSatisfiable(String range, long size) {
            super(
                    DownloadProblem.RANGE_NOT_SATISFIABLE,
                    "the blob has " + size + " bytes; no byte of " + range + " exists");
            this.size = size;
        }

        /** The blob's size, for {@code Content-Range: bytes *}/size. */
        public long size() {
            return size;
        }

        @Override
        public HttpHeaders headers() {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.CONTENT_RANGE, "bytes */" + size);
            headers.set(HttpHeaders.ACCEPT_RANGES, "bytes");
            return headers;
        }
    }
}
