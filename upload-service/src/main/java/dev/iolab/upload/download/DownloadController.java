package dev.iolab.upload.download;

import dev.iolab.upload.client.ClientIdentity;
import dev.iolab.upload.connection.MinimumRate;
import dev.iolab.upload.connection.TomcatConnections;
import dev.iolab.upload.storage.BlobChangedException;
import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.web.BlobNames;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Base64;
import java.util.Optional;
import org.apache.catalina.connector.ClientAbortException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET} and {@code HEAD /uploads/{name}}, under the same discipline as uploads:
 * <ul>
 *   <li>admitted by {@link DownloadAdmission} (its own capacity, 503 {@code downloads-busy} beyond it; one client's
 *       share of it, 429 {@code over-share} beyond);
 *   <li>bounded memory whatever the reader's speed: the blob is read from the store in ranged reads of
 *       {@code upload.download.chunk-size}, one at a time, each written to the client before the next is read, so a
 *       slow reader holds one chunk and blocks the next read (the SDK's own stream reads 4 MiB ahead per reader);
 *   <li>readers slower than {@code upload.download.min-rate} over the last {@code upload.download.rate-window} are
 *       cut off, and so is a download still running at its longest time ({@code upload.download.max-duration}, or
 *       sooner by the rate) ({@link MinimumRateOutputStream});
 *   <li>{@code HEAD} answers from the blob's properties alone; {@code Range} is served as RFC 9110 says
 *       ({@link ByteRange}: one range → 206 with {@code Content-Range}, unsatisfiable → 416), {@code Accept-Ranges:
 *       bytes} always.
 * </ul>
 * The name is read from the raw request path ({@link BlobNames#fromRequest}), as uploads read it. The first chunk is
 * read before the answer is committed, so a store failure or a missing blob is still a problem answer; a failure after
 * that can only cut the connection, which the client sees as a body shorter than its {@code Content-Length}.
 */
@RestController
@RequestMapping("/uploads")
class DownloadController {

    private static final Logger log = LoggerFactory.getLogger(DownloadController.class);

    private final BlobStorage storage;
    private final DownloadAdmission admission;
    private final ClientIdentity clients;
    private final TomcatConnections connections;
    private final MinimumRate rate;
    private final DownloadProperties properties;
    private final int chunkSize;
    private final Counter cutOff;

    DownloadController(
            BlobStorage storage,
            DownloadAdmission admission,
            ClientIdentity clients,
            TomcatConnections connections,
            DownloadProperties properties,
            MeterRegistry registry) {
        this.storage = storage;
        this.admission = admission;
        this.clients = clients;
        this.connections = connections;
        this.rate = properties.minimumRate();
        this.properties = properties;
        this.chunkSize =
                (int) Math.min(Integer.MAX_VALUE - 8, properties.chunkSize().toBytes());
        this.cutOff = Counter.builder("iolab.download.cut.off")
                .description("Downloads cut off because their reader took the body slower than the minimum rate (over"
                        + " the rate window), or longer than the longest a download may take")
                .baseUnit("downloads")
                .register(registry);
    }

    @RequestMapping(path = "/**", method = RequestMethod.HEAD)
    void head(HttpServletRequest request, HttpServletResponse response) {
        BlobInfo blob = storage.info(name(request));
        headers(response, blob, Optional.empty());
    }

    @GetMapping("/**")
    void get(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = name(request);
        try (DownloadAdmission.Permit slot = admission.enter(clients.of(request))) {
            BlobInfo blob;
            Optional<ByteRange> range;
            long first;
            long length;
            byte[] chunk;
            int n;
            for (int attempt = 1; ; attempt++) {
                blob = storage.info(name);
                range = ByteRange.requested(
                        request.getHeader(HttpHeaders.RANGE), request.getHeader(HttpHeaders.IF_RANGE), blob);
                first = range.map(ByteRange::first).orElse(0L);
                length = range.map(ByteRange::length).orElse(blob.size());
                chunk = new byte[(int) Math.min(chunkSize, length)];
                n = chunk.length;
                try {
                    if (n > 0) {
                        storage.read(name, blob.etag(), first, chunk, n);
                    }
                    break;
                } catch (BlobChangedException replaced) {
                    if (attempt == 2) {
                        throw replaced; // replaced twice in a row: 502, the client may retry
                    }
                }
            }
            headers(response, blob, range);
            MinimumRateOutputStream out = new MinimumRateOutputStream(
                    response.getOutputStream(),
                    rate,
                    properties.rateWindow(),
                    properties.longestFor(length),
                    connections.of(request),
                    System::nanoTime);
            try {
                stream(name, blob, first, length, chunk, n, out);
            } catch (MinimumRateOutputStream.SlowReaderException e) {
                cutOff.increment();
                log.info("Cut off a download of '{}' at {} of {} bytes: {}", name, out.count(), length, e.getMessage());
            } catch (ClientAbortException e) {
                log.debug("Download of '{}' ended by the client at {} of {} bytes", name, out.count(), length);
            } catch (StorageException e) {
                // Committed: the status cannot change. Tomcat closes the connection after a ClientAbortException
                // (logged at debug), so the client sees a short body instead of a next response glued to this one.
                log.warn("Download of '{}' failed at {} of {} bytes: {}", name, out.count(), length, e.getMessage());
                throw new ClientAbortException("blob store failed mid-download", e);
            }
        }
    }

    /** Writes the chunk already read, then reads and writes the rest one chunk at a time. */
    private void stream(String name, BlobInfo blob, long first, long length, byte[] chunk, int n, OutputStream out)
            throws IOException {
        long offset = first;
        long remaining = length;
        while (remaining > 0) {
            if (offset != first) {
                n = (int) Math.min(chunk.length, remaining);
                storage.read(name, blob.etag(), offset, chunk, n);
            }
            out.write(chunk, 0, n);
            offset += n;
            remaining -= n;
        }
        out.flush();
    }

    private static void headers(HttpServletResponse response, BlobInfo blob, Optional<ByteRange> range) {
        response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
        response.setHeader(HttpHeaders.ACCEPT_RANGES, "bytes");
        if (blob.etag() != null) {
            response.setHeader(HttpHeaders.ETAG, ByteRange.entityTag(blob.etag()));
        }
        if (blob.lastModified() != null) {
            response.setDateHeader(
                    HttpHeaders.LAST_MODIFIED, blob.lastModified().toInstant().toEpochMilli());
        }
        if (range.isPresent()) {
            response.setStatus(HttpServletResponse.SC_PARTIAL_CONTENT);
            response.setHeader(HttpHeaders.CONTENT_RANGE, range.get().contentRange(blob.size()));
            response.setContentLengthLong(range.get().length());
        } else {
            response.setContentLengthLong(blob.size());
            if (blob.md5() != null) {
                // The MD5 of the whole blob describes only a whole body (RFC 1864), never a 206's part of it.
                response.setHeader("Content-MD5", Base64.getEncoder().encodeToString(blob.md5()));
            }
        }
    }

    private static String name(HttpServletRequest request) {
        return BlobNames.validate(BlobNames.fromRequest(request));
    }
}
