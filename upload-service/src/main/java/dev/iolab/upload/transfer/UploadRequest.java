package dev.iolab.upload.transfer;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.transfer.body.BodySource;
import dev.iolab.upload.transfer.body.RequestBodyGuard;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.QueryParameters;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;

/**
 * An upload as its HTTP request states it, before anything is checked or read. Values are the client's, unvalidated;
 * {@link UploadService} decides what they mean. {@link #raw} and {@link #multipart} read them from the servlet
 * request's head, the only upload code that does: the body is handed on unopened, behind the minimum rate ({@link
 * RequestBodyGuard}), so nothing here consumes a byte of it or makes Tomcat send {@code 100 Continue}. Query
 * parameters come from the query string alone ({@link QueryParameters}), names as the client sent them ({@link
 * BlobNames#fromRequest}), never from what Tomcat made of the path.
 *
 * @param name the blob name: for a raw body the path after {@code /uploads/}, for multipart the {@code ?name=}
 *     query parameter (a {@code name} form field or the file's filename may replace it); null when absent
 * @param strategy the {@code ?strategy=} query parameter (for multipart a {@code strategy} field may replace it), or
 *     null
 * @param contentLength the request's {@code Content-Length} in bytes, or -1 when it has none (chunked)
 * @param contentMd5 the {@code Content-MD5} header of a raw body, as sent, or null; a multipart file part carries its
 *     own
 * @param expectsContinue whether the client sent {@code Expect: 100-continue}, i.e. sends its body only once the
 *     service first reads it
 * @param body where the bytes come from, not yet opened
 * @param accept the {@code Accept} header, as sent, or null
 * @param client the client the upload counts against
 */
record UploadRequest(
        String name,
        String strategy,
        long contentLength,
        String contentMd5,
        boolean expectsContinue,
        BodySource body,
        String accept,
        ClientKey client) {

    /** {@code PUT /uploads/{name}?strategy=ID}: the body is the file. */
    static UploadRequest raw(HttpServletRequest request, RequestBodyGuard guard, ClientKey client) {
        return new UploadRequest(
                BlobNames.fromRequest(request),
                QueryParameters.of(request).first("strategy"),
                request.getContentLengthLong(),
                request.getHeader("Content-MD5"),
                expectsContinue(request),
                guard.raw(request),
                request.getHeader(HttpHeaders.ACCEPT),
                client);
    }

    /** {@code POST /uploads?strategy=ID&name=NAME}: the file is the multipart part named {@code file}. */
    static UploadRequest multipart(HttpServletRequest request, RequestBodyGuard guard, ClientKey client) {
        QueryParameters query = QueryParameters.of(request);
        return new UploadRequest(
                query.first("name"),
                query.first("strategy"),
                request.getContentLengthLong(),
                null,
                expectsContinue(request),
                guard.multipart(request),
                request.getHeader(HttpHeaders.ACCEPT),
                client);
    }

    private static boolean expectsContinue(HttpServletRequest request) {
        return "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT));
    }
}
