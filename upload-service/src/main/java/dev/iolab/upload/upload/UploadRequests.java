package dev.iolab.upload.upload;

import dev.iolab.upload.upload.body.BodySource;
import dev.iolab.upload.upload.body.MultipartBody;
import dev.iolab.upload.upload.body.RequestBodyGuard;
import dev.iolab.upload.web.BlobNames;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * Turns an upload's servlet request into an {@link UploadRequest}: the only upload code that reads servlet APIs. It
 * reads the head only and hands the body on unopened, behind the minimum rate ({@link RequestBodyGuard}), so nothing
 * here consumes a byte of it or makes Tomcat send {@code 100 Continue}. Query parameters are read from the query string
 * alone, so that no container parameter parsing ever touches the body (a {@code PUT} of
 * {@code application/x-www-form-urlencoded} is a file, not a form). Names are read as the client sent them
 * ({@link BlobNames#fromRawPath}), never from what Tomcat made of the path.
 */
final class UploadRequests {

    private UploadRequests() {}

    /** {@code PUT /uploads/{name}?strategy=ID}: the body is the file. */
    static UploadRequest raw(HttpServletRequest request, RequestBodyGuard guard) {
        return new UploadRequest(
                BlobNames.fromRawPath(request.getRequestURI(), request.getContextPath() + BlobNames.PREFIX),
                query(request, "strategy"),
                request.getContentLengthLong(),
                request.getHeader("Content-MD5"),
                expectsContinue(request),
                new BodySource.Raw(guard.raw(request)),
                request.getHeader(HttpHeaders.ACCEPT));
    }

    /** {@code POST /uploads?strategy=ID&name=NAME}: the file is the multipart part named {@code file}. */
    static UploadRequest multipart(HttpServletRequest request, RequestBodyGuard guard) {
        return new UploadRequest(
                query(request, "name"),
                query(request, "strategy"),
                request.getContentLengthLong(),
                null,
                expectsContinue(request),
                new MultipartBody(guard.multipart(request)),
                request.getHeader(HttpHeaders.ACCEPT));
    }

    private static boolean expectsContinue(HttpServletRequest request) {
        return "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT));
    }

    /** The first value of a query parameter, percent-decoded as UTF-8, or null. */
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
