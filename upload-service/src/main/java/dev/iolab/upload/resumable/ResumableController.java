package dev.iolab.upload.resumable;

import dev.iolab.upload.client.ClientIdentity;
import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.transfer.admission.Admission;
import dev.iolab.upload.transfer.body.BodySource;
import dev.iolab.upload.transfer.body.RequestBodyGuard;
import dev.iolab.upload.web.ProblemException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import java.util.List;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * tus 1.0 under {@code /files/}: {@code OPTIONS} (what is served), {@code POST} (creation, with an optional first
 * body), {@code HEAD /files/{id}} (the offset), {@code PATCH /files/{id}} (append) and {@code DELETE /files/{id}}
 * (termination). Headers are read and checked here, on the container thread; a body is read on an upload worker,
 * admitted as every upload is (fair shares, queue, minimum rate). Every answer carries {@code Tus-Resumable}.
 */
@RestController
@RequestMapping("/files")
class ResumableController {

    static final String METHOD_OVERRIDE = "X-HTTP-Method-Override";

    private final ResumableService service;
    private final ClientIdentity clients;
    private final RequestBodyGuard guard;
    private final Admission admission;
    private final FrontSecret front;

    ResumableController(
            ResumableService service,
            ClientIdentity clients,
            RequestBodyGuard guard,
            Admission uploadAdmission,
            ResumableProperties properties) {
        this.service = service;
        this.clients = clients;
        this.guard = guard;
        this.admission = uploadAdmission;
        this.front = new FrontSecret(properties);
    }

    @RequestMapping(
            value = {"", "/", "/{id}"},
            method = RequestMethod.OPTIONS)
    ResponseEntity<Void> options() {
        return ResponseEntity.noContent()
                .header(Tus.RESUMABLE, Tus.VERSION)
                .header(Tus.VERSION_HEADER, Tus.VERSION)
                .header(Tus.EXTENSION, Tus.EXTENSIONS)
                .header(Tus.MAX_SIZE, Long.toString(service.maxSize()))
                .header(Tus.CHECKSUM_ALGORITHM, Tus.ALGORITHM_LIST)
                .build();
    }

    @PostMapping({"", "/"})
    DeferredResult<ResponseEntity<Void>> create(HttpServletRequest request, HttpServletResponse response) {
        begin(request, response);
        if (request.getHeader(Tus.UPLOAD_DEFER_LENGTH) != null) {
            throw Tus.invalid("Upload-Defer-Length is not served: send Upload-Length");
        }
        long length = Tus.number(Tus.UPLOAD_LENGTH, request.getHeader(Tus.UPLOAD_LENGTH));
        boolean withBody = hasBody(request);
        if (withBody) {
            requireOffsetStream(request);
        }
        Tus.Checksum checksum = Tus.checksum(request.getHeader(Tus.UPLOAD_CHECKSUM));
        String owner = owner(request);
        ResumableService.Created created = service.create(
                owner, length, request.getHeader(Tus.UPLOAD_METADATA), !withBody && front.sentWith(request));
        String id = created.id();
        URI location = URI.create(request.getContextPath() + "/files/" + id);
        if (!withBody) {
            HttpHeaders grant = created.grant()
                    .map(direct -> FrontHeaders.granted(direct, service.blockSize()))
                    .orElseGet(HttpHeaders::new);
            DeferredResult<ResponseEntity<Void>> answered = new DeferredResult<>();
            answered.setResult(answer(HttpStatus.CREATED, created.status())
                    .headers(grant)
                    .location(location)
                    .build());
            return answered;
        }
        BodySource.Raw body = guard.raw(request);
        long contentLength = request.getContentLengthLong();
        return admission.submit(clients.of(request), new Job(() -> {
            UploadStatus status;
            try {
                status = service.patch(id, owner, 0, contentLength, checksum, body::open, FrontStaged.NONE);
            } catch (ProblemException refused) {
                // The upload exists either way; the client learns where it is and how far it got.
                status = service.head(id, owner);
            }
            return answer(HttpStatus.CREATED, status).location(location).build();
        }));
    }

    @RequestMapping(value = "/{id}", method = RequestMethod.HEAD)
    ResponseEntity<Void> head(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        begin(request, response);
        UploadStatus status = service.head(id, owner(request));
        ResponseEntity.BodyBuilder answer = answer(HttpStatus.OK, status)
                .header(Tus.UPLOAD_LENGTH, Long.toString(status.length()))
                .cacheControl(CacheControl.noStore());
        if (!status.uploadMetadata().isEmpty()) {
            answer.header(Tus.UPLOAD_METADATA, status.uploadMetadata());
        }
        return answer.build();
    }

    @PatchMapping("/{id}")
    DeferredResult<ResponseEntity<Void>> patch(
            @PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        begin(request, response);
        requireOffsetStream(request);
        long offset = Tus.number(Tus.UPLOAD_OFFSET, request.getHeader(Tus.UPLOAD_OFFSET));
        if (offset < 0) {
            throw Tus.invalid("send Upload-Offset: the offset the body starts at (HEAD tells)");
        }
        Tus.Checksum checksum = Tus.checksum(request.getHeader(Tus.UPLOAD_CHECKSUM));
        String owner = owner(request);
        BodySource.Raw body = guard.raw(request);
        long contentLength = request.getContentLengthLong();
        FrontStaged frontStaged = front.sentWith(request) ? FrontHeaders.staged(request) : FrontStaged.NONE;
        return admission.submit(
                clients.of(request),
                new Job(() -> answer(
                                HttpStatus.NO_CONTENT,
                                service.patch(id, owner, offset, contentLength, checksum, body::open, frontStaged))
                        .build()));
    }

    /**
     * A {@code PATCH} from a client whose HTTP stack cannot send one (Java's {@code HttpURLConnection}, and with it
     * tus-java-client): {@code POST} with {@code X-HTTP-Method-Override: PATCH}, as tus allows. Any other {@code POST}
     * to an upload is 405.
     */
    @PostMapping("/{id}")
    DeferredResult<ResponseEntity<Void>> patchOverride(
            @PathVariable String id, HttpServletRequest request, HttpServletResponse response)
            throws HttpRequestMethodNotSupportedException {
        if (!"PATCH".equalsIgnoreCase(request.getHeader(METHOD_OVERRIDE))) {
            throw new HttpRequestMethodNotSupportedException("POST", List.of("HEAD", "PATCH", "DELETE", "OPTIONS"));
        }
        return patch(id, request, response);
    }

    @DeleteMapping("/{id}")
    ResponseEntity<Void> delete(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        begin(request, response);
        service.terminate(id, owner(request));
        return ResponseEntity.noContent().header(Tus.RESUMABLE, Tus.VERSION).build();
    }

    /** Every answer says the protocol's version, refusals too; a request must say it speaks it. */
    private static void begin(HttpServletRequest request, HttpServletResponse response) {
        response.setHeader(Tus.RESUMABLE, Tus.VERSION);
        Tus.requireVersion(request.getHeader(Tus.RESUMABLE));
    }

    /** An upload is bound to the client of a per-client API key; otherwise its unguessable ID is the capability. */
    private String owner(HttpServletRequest request) {
        ClientKey client = clients.of(request);
        return client.named() ? client.id() : "";
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || "chunked".equalsIgnoreCase(request.getHeader("Transfer-Encoding"));
    }

    private static void requireOffsetStream(HttpServletRequest request) {
        String type = request.getContentType();
        if (type == null || !type.split(";", 2)[0].strip().equalsIgnoreCase(Tus.OFFSET_OCTET_STREAM)) {
            throw new ResumableException(
                    ResumableProblem.NOT_OFFSET_OCTET_STREAM,
                    "a body is sent as Content-Type: " + Tus.OFFSET_OCTET_STREAM + ", not " + type);
        }
    }

    /** A tus answer: the offset, and the expiry of an upload that is not complete. */
    private static ResponseEntity.BodyBuilder answer(HttpStatus status, UploadStatus upload) {
        return ResponseEntity.status(status).headers(upload.tusHeaders());
    }

    /** An admitted body's work; nothing to undo when it is refused before it ran. */
    private record Job(Work work) implements Admission.Job<ResponseEntity<Void>> {

        @Override
        public ResponseEntity<Void> run() throws Exception {
            return work.run();
        }

        @Override
        public void refused(ProblemException refusal) {}
    }

    @FunctionalInterface
    private interface Work {
        ResponseEntity<Void> run() throws Exception;
    }
}
