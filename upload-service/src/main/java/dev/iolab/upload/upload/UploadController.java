package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobDownload;
import dev.iolab.upload.storage.BlobStorage;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import org.apache.commons.io.IOUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The HTTP contract: {@code PUT /uploads/{name}?strategy=ID} (raw body), {@code POST /uploads} (multipart, part
 * {@code file}), {@code GET /uploads/{name}}. An upload's request is turned into an {@link UploadRequest} by
 * {@link UploadRequests} and handed to the {@link UploadService}; its body is read later, on a worker thread.
 */
@RestController
@RequestMapping("/uploads")
class UploadController {

    private final UploadService uploads;
    private final BlobStorage storage;

    UploadController(UploadService uploads, BlobStorage storage) {
        this.uploads = uploads;
        this.storage = storage;
    }

    @PutMapping("/{*name}")
    DeferredResult<ResponseEntity<UploadResult>> put(@PathVariable String name, HttpServletRequest request) {
        return uploads.accept(UploadRequests.raw(stripSlash(name), request));
    }

    @PostMapping
    DeferredResult<ResponseEntity<UploadResult>> post(HttpServletRequest request) {
        return uploads.accept(UploadRequests.multipart(request));
    }

    @GetMapping("/{*name}")
    void get(@PathVariable String name, HttpServletResponse response) throws IOException {
        String blobName = BlobNames.validate(stripSlash(name));
        BlobDownload blob = storage.open(blobName);
        try (InputStream in = blob.content()) {
            response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
            response.setContentLengthLong(blob.size());
            if (blob.md5() != null) {
                response.setHeader("Content-MD5", Base64.getEncoder().encodeToString(blob.md5()));
            }
            IOUtils.copyLarge(in, response.getOutputStream());
        }
    }

    private static String stripSlash(String captured) {
        return captured.startsWith("/") ? captured.substring(1) : captured;
    }
}
