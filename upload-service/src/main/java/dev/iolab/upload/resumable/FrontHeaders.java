package dev.iolab.upload.resumable;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;

/**
 * The headers the nginx front and the service speak in ({@code ops/nginx/tus-front.conf}), beside tus's own: a grant
 * the service answers with, and the front's word it sends back. None is ever taken from a client: nginx clears each
 * on the way in, and the service reads them only with the front's secret ({@link FrontSecret}).
 */
final class FrontHeaders {

    /** Where to {@code Put Block} the body: the signed address's path and query, from the store's root. */
    static final String BLOCK = "X-Front-Block";

    /** The lease a grant's blocks are staged under; on {@code DELETE}, the lease of a block that failed. */
    static final String LEASE = "X-Front-Lease";

    /** The {@code PATCH}'s body length, on the front's question (its own {@code Content-Length} is the question's). */
    static final String CONTENT_LENGTH = "X-Content-Length";

    /** Seconds from now the front may start the upload's following blocks under the grant ({@link FrontGrant}). */
    static final String GRANT_TIME = "X-Front-Grant-Time";

    /** The length of each block of a creation's grant. */
    static final String BLOCK_SIZE = "X-Front-Block-Size";

    /** Seconds since the front renewed the grant's lease for the block it staged, on the commit. */
    static final String RENEWED = "X-Front-Renewed";

    /**
     * The front's word on the latest block it staged for the upload ({@link FrontStaged}): from the holder of the
     * upload's grant, the service takes over the grant's lease first, and does not read the block list.
     */
    static final String STAGED = "X-Front-Staged";

    private FrontHeaders() {}

    /** The grant: where the block goes, under which lease, and for how many seconds blocks may start under it. */
    static HttpHeaders grant(ResumableFrontService.Direct direct) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(BLOCK, direct.target());
        headers.set(LEASE, direct.leaseId());
        headers.set(GRANT_TIME, Double.toString(direct.startsFor().toMillis() / 1000.0));
        return headers;
    }

    /**
     * What a creation through the front answers beside its 201: the grant of the upload's first blocks, as a
     * question's answer gives it, and the block size (the length each of those blocks must have). nginx keeps them and
     * does not pass them on.
     */
    static HttpHeaders granted(ResumableFrontService.Direct direct, int blockSize) {
        HttpHeaders headers = grant(direct);
        headers.set(BLOCK_SIZE, Integer.toString(blockSize));
        return headers;
    }

    /** The front's word on the latest block it staged for the upload, if it sent one. */
    static FrontStaged staged(HttpServletRequest request) {
        return FrontStaged.parse(request.getHeader(STAGED));
    }

    /** The front's word and renewal on a commit. */
    static FrontCommit commit(HttpServletRequest request) {
        return FrontCommit.parse(request.getHeader(STAGED), request.getHeader(RENEWED));
    }
}
