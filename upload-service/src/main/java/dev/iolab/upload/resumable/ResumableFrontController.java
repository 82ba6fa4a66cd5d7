package dev.iolab.upload.resumable;

import dev.iolab.upload.client.ClientIdentity;
import dev.iolab.upload.client.ClientKey;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What the nginx front asks before a {@code PATCH} and tells after it ({@code ops/nginx/tus-front.conf}): {@code GET
 * /files/{id}/front} carries the {@code PATCH}'s own headers (its API key, {@code Upload-Offset}, and its length in
 * {@code X-Content-Length}) and is answered 200 with where to {@code Put Block} the body ({@code X-Front-Block}) under
 * which lease ({@code X-Front-Lease}), the offset to answer and the upload's length (so that the front knows the
 * upload's last {@code PATCH}), and for how many seconds the front may stage the upload's following blocks under the
 * same lease without asking ({@code X-Front-Grant-Time}: its grant; a creation through the front is answered with the
 * same grant of the new upload's first blocks, see {@link FrontHeaders#granted}). Or 401: "not for the front", and
 * nginx hands the {@code PATCH} to the service. {@code X-Front-Staged} ({@link FrontStaged}) is the front's word on the
 * latest block it staged for the upload: from the grant's holder, it spares the service reading the upload's block
 * list. {@code POST /files/{id}/front} with the holder's word on the upload's last block, which the front staged under
 * its grant, commits the upload and is answered as that block's {@code PATCH} would be (204, or a problem the front
 * passes on); its {@code X-Front-Renewed} says how many seconds ago the front renewed the lease for that block. {@code
 * DELETE /files/{id}/front} with {@code X-Front-Lease} says a block failed (the store took none of it): its lease is
 * released at once, which ends the grant. A grant may also carry where the front completes the upload itself after
 * its last block ({@code X-Front-Copy}, {@code X-Front-Copy-Source}, {@code X-Front-State}, {@code X-Front-Settle}: {@link
 * ResumableFrontService.Finish}); {@code POST /front/tally} then counts what it so completed. All need {@code
 * X-Front-Secret} ({@link FrontSecret}); without it they answer 404. Not part of the public API.
 */
@Hidden
@RestController
class ResumableFrontController {

    private static final String UPLOAD = "/files/{id}/front";

    private final ResumableFrontService service;
    private final ClientIdentity clients;
    private final FrontSecret secret;

    ResumableFrontController(ResumableFrontService service, ClientIdentity clients, ResumableProperties properties) {
        this.service = service;
        this.clients = clients;
        this.secret = new FrontSecret(properties);
    }

    @GetMapping(UPLOAD)
    ResponseEntity<Void> ask(@PathVariable String id, HttpServletRequest request) {
        if (!secret.sentWith(request)) {
            return ResponseEntity.notFound().build();
        }
        FrontStaged staged = FrontHeaders.staged(request);
        Optional<ResumableFrontService.Direct> direct = patchOf(request)
                .flatMap(patch -> service.direct(
                        id, owner(request), patch.offset(), patch.length(), patch.checksummed(), staged));
        if (direct.isEmpty()) {
            return ResponseEntity.status(HttpStatus.UNAUTHORIZED).build();
        }
        HttpHeaders headers = FrontHeaders.grant(direct.get());
        headers.set(Tus.UPLOAD_OFFSET, Long.toString(direct.get().offset()));
        headers.setDate(Tus.UPLOAD_EXPIRES, direct.get().expires().toEpochMilli());
        headers.set(Tus.UPLOAD_LENGTH, Long.toString(direct.get().length()));
        return ResponseEntity.ok().headers(headers).build();
    }

    @PostMapping(UPLOAD)
    ResponseEntity<Void> staged(@PathVariable String id, HttpServletRequest request) {
        if (!secret.sentWith(request)) {
            return ResponseEntity.notFound().build();
        }
        UploadStatus status = service.commitStaged(id, owner(request), FrontHeaders.commit(request));
        return ResponseEntity.noContent().headers(status.tusHeaders()).build();
    }

    @DeleteMapping(UPLOAD)
    ResponseEntity<Void> failed(@PathVariable String id, HttpServletRequest request) {
        String lease = request.getHeader(FrontHeaders.LEASE);
        if (!secret.sentWith(request) || lease == null || lease.isEmpty()) {
            return ResponseEntity.notFound().build();
        }
        service.directFailed(id, lease);
        return ResponseEntity.noContent().build();
    }

    /**
     * The front's tally of what it completed itself since its previous one: uploads, and the blocks and bytes it staged
     * for them. Outside {@code /files/}: the front sends it on its own, with no client's API key.
     */
    @PostMapping("/front/tally")
    ResponseEntity<Void> tally(
            @RequestParam long completed,
            @RequestParam long blocks,
            @RequestParam long bytes,
            HttpServletRequest request) {
        if (!secret.sentWith(request)) {
            return ResponseEntity.notFound().build();
        }
        if (completed < 0 || blocks < 0 || bytes < 0) {
            return ResponseEntity.badRequest().build();
        }
        service.tally(completed, blocks, bytes);
        return ResponseEntity.noContent().build();
    }

    /** The {@code PATCH} as its headers describe it; empty when they are not a well-formed tus {@code PATCH}'s. */
    private record Patch(long offset, long length, boolean checksummed) {}

    private static Optional<Patch> patchOf(HttpServletRequest request) {
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (!Tus.VERSION.equals(request.getHeader(Tus.RESUMABLE))
                || type == null
                || !type.split(";", 2)[0].strip().equalsIgnoreCase(Tus.OFFSET_OCTET_STREAM)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Patch(
                    Tus.number(Tus.UPLOAD_OFFSET, request.getHeader(Tus.UPLOAD_OFFSET)),
                    Tus.number(FrontHeaders.CONTENT_LENGTH, request.getHeader(FrontHeaders.CONTENT_LENGTH)),
                    request.getHeader(Tus.UPLOAD_CHECKSUM) != null));
        } catch (RuntimeException malformed) {
            return Optional.empty(); // the service answers it as it answers any malformed PATCH
        }
    }

    private String owner(HttpServletRequest request) {
        ClientKey client = clients.of(request);
        return client.named() ? client.id() : "";
    }
}
