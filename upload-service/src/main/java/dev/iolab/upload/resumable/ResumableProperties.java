package dev.iolab.upload.resumable;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Resumable uploads over tus 1.0 ({@code upload.resumable.*}; routes under {@code /files/}).
 *
 * @param blockSize bytes per staged block, and what one {@code PATCH} holds in memory (from the memory budget) while it
 *     runs. A {@code PATCH} that ends mid-block keeps the whole blocks before it, so a cut connection costs at most
 *     one block of re-sent bytes; larger blocks mean fewer store requests per GB (8 MiB: 128 per GiB) and Azure's
 *     high-throughput path for blocks over 4 MiB. Uploads created with one size keep it when the setting changes
 * @param maxSize largest {@code Upload-Length} accepted; never more than 50,000 blocks
 * @param expiry how long an upload lives after its creation or its last {@code PATCH}; shorter than
 *     {@code upload.azure.staging-max-age} minus {@code upload.azure.staging-expiry-grace}, after which the sweep
 *     removes abandoned uploads (a longer one is cut to half of that, with a warning)
 * @param leaseDuration the storage lease a {@code PATCH} holds on its upload (15 to 60 s, renewed as blocks are staged):
 *     how long an upload stays locked (423) after a replica died in the middle of a {@code PATCH}
 * @param cors which web pages on other origins may upload from a browser (tus-js-client, Uppy): none by default
 * @param front the nginx front that stages whole-block {@code PATCH}es straight into the store: off by default
 */
@ConfigurationProperties("upload.resumable")
record ResumableProperties(
        @DefaultValue("8MB") DataSize blockSize,
        @DefaultValue("50GB") DataSize maxSize,
        @DefaultValue("30m") Duration expiry,
        @DefaultValue("15s") Duration leaseDuration,
        @DefaultValue Cors cors,
        @DefaultValue Front front) {

    /**
     * Cross-origin access to {@code /files/} (CORS), for a page served from another origin than the service: its
     * browser asks first ({@code OPTIONS} preflight), and lets the page read the tus headers of the answers only when
     * the service names the page's origin.
     *
     * @param allowedOrigins origins whose pages may upload: exact ({@code https://app.example.com}) or patterns
     *     ({@code https://*.example.com}, {@code *} for any page). Empty (the default): no cross-origin access, and no
     *     CORS headers are sent
     * @param maxAge how long a browser may reuse a preflight's answer before asking again
     */
    record Cors(
            @DefaultValue List<String> allowedOrigins,
            @DefaultValue("1h") Duration maxAge) {

        boolean enabled() {
            return !allowedOrigins.isEmpty();
        }
    }

    /**
     * The block front: nginx before the service ({@code ops/nginx/tus-front.conf}) asks the service whether a
     * {@code PATCH} is exactly the upload's next block; when it is, the service takes the upload's lease and answers a
     * {@code Put Block} address signed for that one upload, and nginx sends the body there itself, so the bytes never
     * pass through the JVM, and the upload's following blocks too without asking again, while the address stays
     * signed for two thirds of {@code block-time} more (a grant; a creation through the front is answered with one
     * for the first blocks, whose lease nginx takes itself). After the last block nginx completes the upload itself
     * with addresses the grant carries (or asks the service to, for an upload with a whole-upload checksum or over
     * 256 MiB). Every other request, and every {@code PATCH} that is not such a block, goes to the service as without
     * the front.
     *
     * @param secret what nginx sends in {@code X-Front-Secret} to ask and to release (from the environment,
     *     {@code UPLOAD_RESUMABLE_FRONT_SECRET}); empty (the default): no front, and the routes it uses answer 404
     * @param blockTime how long the lease the front's blocks are staged under lasts (15 to 60 s, Azure's longest
     *     finite lease); a grant's address is signed for this and a minute more, and the front starts blocks under
     *     it without asking again while two thirds of this are left (80 s for 60 s). The lease is renewed for a
     *     question unless a third of this has not passed since, and by the front before each block of a grant, so a
     *     block has two thirds of it at least to arrive, and a client slower than that loses the block
     *     (8 MiB in 40 s: 210 KB/s)
     */
    record Front(String secret, @DefaultValue("60s") Duration blockTime) {

        boolean enabled() {
            return secret != null && !secret.isEmpty();
        }
    }
}
