package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobDownload;
import dev.iolab.upload.storage.BlobStorage;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.commons.io.IOUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * The HTTP contract: {@code PUT /uploads/{name}?strategy=ID} (raw body), {@code POST /uploads} (multipart, part
 * {@code file}), {@code GET /uploads/{name}}. Query parameters are read from the query string only, so that no
 * container parameter parsing ever touches the body.
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
        return uploads.acceptRaw(stripSlash(name), query(request, "strategy"), request);
    }

    @PostMapping
    DeferredResult<ResponseEntity<UploadResult>> post(HttpServletRequest request) {
        return uploads.acceptMultipart(query(request, "strategy"), query(request, "name"), request);
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

    private static String query(HttpServletRequest request, String parameter) {
        if (request.getQueryString() == null) {
            return null;
        }
        MultiValueMap<String, String> params = UriComponentsBuilder.newInstance()
                .query(request.getQueryString())
                .build()
                .getQueryParams();
        String value = params.getFirst(parameter);
        return value == null ? null : UriUtils.decode(value, StandardCharsets.UTF_8);
    }
}
