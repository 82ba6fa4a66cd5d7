package dev.iolab.upload.transfer.body;

import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.commons.fileupload2.core.AbstractFileUpload;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.RequestContext;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletFileUpload;
import org.apache.commons.io.input.BoundedInputStream;

/**
 * A {@code multipart/form-data} body, read with commons-fileupload's streaming API: nothing is parsed ahead or
 * spooled. The form fields {@code strategy} and {@code name} are read up to the part named {@code file}, whose
 * content is then handed on as a stream; parts after it are never read. Works on a {@link RequestContext}, so it
 * needs no servlet request (tests give it bytes).
 * <p>
 * Names are taken as sent, for {@link BlobNames#validate} to judge: part headers are decoded as UTF-8 (RFC 7578 §5.1;
 * what browsers send), a {@code name} field is neither trimmed nor cut short (a longer one is refused, not truncated),
 * and its bytes must be UTF-8; a filename keeps its backslashes.
 */
public final class MultipartBody implements BodySource {

    /** Most bytes of a form field value; a longer {@code name} is refused, a longer {@code strategy} is unknown. */
    static final int MAX_FIELD_BYTES = 4096;

    private final RequestContext request;
    private final BodyLinger linger;

    /** A body that is not a request's (tests): no deadline to keep. */
    public MultipartBody(RequestContext request) {
        this(request, new BodyLinger());
    }

    /** @param linger the deadline every read of the request's stream keeps */
    MultipartBody(RequestContext request, BodyLinger linger) {
        this.request = request;
        this.linger = linger;
    }

    @Override
    public BodyLinger linger() {
        return linger;
    }

    /** Whether the request's content type is {@code multipart/*} at all (read from the head, not the body). */
    public boolean isMultipart() {
        return AbstractFileUpload.isMultipartContent(request);
    }

    public String contentType() {
        return request.getContentType();
    }

    /**
     * Reads the parts before the {@code file} part; a failure while reading them is answered as any body failure
     * ({@link BodyFailures}), a body without a {@code file} part with 400 multipart-shape.
     *
     * @param name the name from the query string; a {@code name} field replaces it, and the file part's filename is
     *     used when both are absent
     * @param strategy the strategy from the query string; a {@code strategy} field replaces it
     */
    public FilePart readToFile(String name, String strategy) {
        String strategyField = strategy;
        String nameField = name;
        try {
            JakartaServletFileUpload<?, ?> upload = new JakartaServletFileUpload<>();
            upload.setHeaderCharset(StandardCharsets.UTF_8);
            FileItemInputIterator items = upload.getItemIterator(request);
            while (items.hasNext()) {
                FileItemInput item = items.next();
                if (!item.isFormField()) {
                    if ("file".equals(item.getFieldName())) {
                        return new FilePart(
                                nameField != null ? nameField : item.getName(),
                                strategyField,
                                item.getHeaders().getHeader("Content-MD5"),
                                item.getInputStream());
                    }
                } else if ("strategy".equals(item.getFieldName())) {
                    strategyField =
                            readField(item, UploadProblem.UNKNOWN_STRATEGY).strip();
                } else if ("name".equals(item.getFieldName())) {
                    nameField = readField(item, WebProblem.INVALID_NAME);
                }
            }
        } catch (IOException e) {
            throw BodyFailures.asProblem(e, -1);
        }
        throw new ProblemException(UploadProblem.MULTIPART_SHAPE, "no file part named 'file'");
    }

    /**
     * A field's value, decoded strictly as UTF-8.
     *
     * @param refusal the problem when the value is longer than {@link #MAX_FIELD_BYTES} or not UTF-8
     */
    private static String readField(FileItemInput item, ProblemType refusal) throws IOException {
        byte[] value;
        try (InputStream in = BoundedInputStream.builder()
                .setInputStream(item.getInputStream())
                .setMaxCount(MAX_FIELD_BYTES + 1L)
                .get()) {
            value = in.readAllBytes();
        }
        String field = "the '" + item.getFieldName() + "' field";
        if (value.length > MAX_FIELD_BYTES) {
            throw new ProblemException(refusal, field + " is longer than " + MAX_FIELD_BYTES + " bytes");
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(value))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ProblemException(refusal, field + " is not valid UTF-8");
        }
    }

    /**
     * The file part, positioned at its first content byte.
     *
     * @param name the blob name the client asked for, unvalidated, or null
     * @param strategy the strategy ID the client asked for, or null
     * @param contentMd5 the part's {@code Content-MD5} header, as sent, or null
     * @param content the part's content, up to (not including) the next boundary
     */
    public record FilePart(String name, String strategy, String contentMd5, InputStream content) {}
}
