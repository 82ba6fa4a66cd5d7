package dev.iolab.upload.support;

import dev.iolab.upload.transfer.body.MultipartBody;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.apache.commons.fileupload2.core.RequestContext;

/** Builds {@code multipart/form-data} bodies, part by part, for tests that parse them without a server. */
public final class MultipartBuilder {

    private final String boundary;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    public MultipartBuilder(String boundary) {
        this.boundary = boundary;
    }

    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    public MultipartBuilder field(String name, String value) {
        return part(
                "Content-Disposition: form-data; name=\"" + name + "\"\r\n", value.getBytes(StandardCharsets.UTF_8));
    }

    /** A file part; {@code extraHeaders} are whole header lines, each ending in CRLF. */
    public MultipartBuilder file(String field, String filename, String extraHeaders, byte[] content) {
        return part(
                "Content-Disposition: form-data; name=\"" + field + "\"; filename=\"" + filename + "\"\r\n"
                        + "Content-Type: application/octet-stream\r\n" + extraHeaders,
                content);
    }

    private MultipartBuilder part(String headers, byte[] content) {
        out.writeBytes(("--" + boundary + "\r\n" + headers + "\r\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        return this;
    }

    public byte[] build() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(out.toByteArray());
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return body.toByteArray();
    }

    /** The request as commons-fileupload sees it. */
    public static RequestContext request(String contentType, byte[] body) {
        return new RequestContext() {
            @Override
            public String getCharacterEncoding() {
                return null;
            }

            @Override
            public long getContentLength() {
                return body.length;
            }

            @Override
            public String getContentType() {
                return contentType;
            }

            @Override
            public InputStream getInputStream() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public boolean isMultipartRelated() {
                return false;
            }
        };
    }

    public MultipartBody body() {
        return new MultipartBody(request(contentType(), build()));
    }
}
