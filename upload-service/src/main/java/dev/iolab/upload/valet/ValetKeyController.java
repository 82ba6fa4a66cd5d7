package dev.iolab.upload.valet;

import dev.iolab.upload.client.ClientIdentity;
import dev.iolab.upload.transfer.StoredUpload;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.JsonOnly;
import dev.iolab.upload.web.QueryParameters;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /uploads/{name}/grant?size=N[&md5=BASE64]} and {@code POST /uploads/{name}/complete?grant=ID}. A name may
 * contain slashes, so the route captures the rest of the path and the last segment says what to do; the name itself is
 * read from the raw request path ({@link BlobNames#fromRequest}), as uploads and downloads read it. Any other
 * {@code POST} below {@code /uploads/} is 405. Both answer JSON only (406 before anything happens otherwise), and read
 * their parameters from the query string alone, never from a body.
 */
@RestController
@RequestMapping("/uploads")
class ValetKeyController {

    private final ValetKeyService valet;
    private final ClientIdentity clients;

    ValetKeyController(ValetKeyService valet, ClientIdentity clients) {
        this.valet = valet;
        this.clients = clients;
    }

    @PostMapping("/{*path}")
    ResponseEntity<?> post(@PathVariable String path, HttpServletRequest request)
            throws HttpRequestMethodNotSupportedException {
        String rest = path.startsWith("/") ? path.substring(1) : path;
        int slash = rest.lastIndexOf('/');
        String action = rest.substring(slash + 1);
        if (!action.equals("grant") && !action.equals("complete")) {
            throw new HttpRequestMethodNotSupportedException("POST", List.of("GET", "PUT"));
        }
        String name = slash < 0 ? "" : BlobNames.fromRequest(request, "/" + action);
        JsonOnly.requireAccepted(request.getHeader(HttpHeaders.ACCEPT));
        QueryParameters query = QueryParameters.of(request);
        if (action.equals("grant")) {
            return ResponseEntity.status(HttpStatus.CREATED)
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(valet.grant(clients.of(request), name, query.first("size"), query.first("md5")));
        }
        StoredUpload done = valet.complete(name, query.first("grant"));
        return ResponseEntity.created(URI.create(BlobNames.path(done.name())))
                .contentType(MediaType.APPLICATION_JSON)
                .body(done);
    }
}
