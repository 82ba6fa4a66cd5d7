package dev.iolab.upload.transfer;

import dev.iolab.upload.client.ClientIdentity;
import dev.iolab.upload.transfer.body.RequestBodyGuard;
import dev.iolab.upload.web.BlobNames;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The upload routes: {@code PUT /uploads/{name}?strategy=ID} (raw body) and {@code POST /uploads} (multipart, part
 * {@code file}). A request is turned into an {@link UploadRequest} from its head, with the client it counts against,
 * and handed to the {@link UploadService}; its body is read later, on a worker thread. Downloads are the {@code download} feature's.
 */
@RestController
@RequestMapping("/uploads")
class UploadController {

    private final UploadService uploads;
    private final RequestBodyGuard guard;
    private final ClientIdentity clients;

    UploadController(UploadService uploads, RequestBodyGuard guard, ClientIdentity clients) {
        this.uploads = uploads;
        this.guard = guard;
        this.clients = clients;
    }

    /** The name is read from the raw request path ({@link BlobNames#fromRequest}), not from the pattern's match. */
    @PutMapping("/**")
    DeferredResult<ResponseEntity<StoredUpload>> put(HttpServletRequest request) {
        return uploads.accept(UploadRequest.raw(request, guard, clients.of(request)));
    }

    @PostMapping
    DeferredResult<ResponseEntity<StoredUpload>> post(HttpServletRequest request) {
        return uploads.accept(UploadRequest.multipart(request, guard, clients.of(request)));
    }
}
