package dev.iolab.upload.resumable;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
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

    /**
     * On a new upload's grant: the ETag the upload must still have when the front takes the grant's lease itself
     * before its first block ({@link ResumableFrontService.LeaseToTake}).
     */
    static final String LEASE_IF_MATCH = "X-Front-Lease-If-Match";

    /** With {@link #LEASE_IF_MATCH}: the seconds the front takes that lease for. */
    static final String LEASE_TIME = "X-Front-Lease-Time";

    /** Where the front copies the upload once it committed it itself: the signed final blob's path and query. */
    static final String COPY = "X-Front-Copy";

    /** The signed URL of the upload's committed blob, that copy's source. */
    static final String COPY_SOURCE = "X-Front-Copy-Source";

    /**
     * The upload's state as the grant leaves it, which the front commits the upload's blocks with: its metadata as a
     * query string ({@code name=value&...}, each value percent-encoded).
     */
    static final String STATE = "X-Front-State";

    /** The completed upload's state, which the front settles the upload's blob with, as {@link #STATE}. */
    static final String SETTLE = "X-Front-Settle";

    private FrontHeaders() {}

    /**
     * The grant: where the block goes, under which lease, and for how many seconds blocks may start under it; and
     * when the front may complete the upload itself, where ({@link ResumableFrontService.Finish}).
     */
    static HttpHeaders grant(ResumableFrontService.Direct direct) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(BLOCK, direct.target());
        headers.set(LEASE, direct.leaseId());
        headers.set(GRANT_TIME, Double.toString(direct.startsFor().toMillis() / 1000.0));
        direct.leaseToTake().ifPresent(lease -> {
            headers.set(LEASE_IF_MATCH, lease.ifMatch());
            headers.set(LEASE_TIME, Integer.toString(lease.seconds()));
        });
        direct.finish().ifPresent(finish -> {
            headers.set(COPY, finish.targets().copy());
            headers.set(COPY_SOURCE, finish.targets().copySource());
            headers.set(STATE, query(finish.current()));
            headers.set(SETTLE, query(finish.completed()));
        });
        return headers;
    }

    /** {@code metadata} as {@code name=value&...}, percent-encoded (a space as {@code %20}), in name order. */
    private static String query(Map<String, String> metadata) {
        return new TreeMap<>(metadata)
                .entrySet().stream()
                        .map(entry -> encode(entry.getKey()) + "=" + encode(entry.getValue()))
                        .collect(Collectors.joining("&"));
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
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
