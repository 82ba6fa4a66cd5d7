package dev.iolab.upload.download;

import static dev.iolab.upload.web.ApiParts.header;
import static dev.iolab.upload.web.ApiParts.responseHeader;

import dev.iolab.upload.client.ClientProblem;
import dev.iolab.upload.web.ApiParts;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;

/** The OpenAPI description of {@link DownloadController}'s {@code GET} and {@code HEAD}. */
@Component
class DownloadApi implements OperationCustomizer {

    static final String TAG = "downloads";
    private static final String INSTANCE = "/uploads/photos/2026/cat.jpg";

    /** What a download may answer besides the problems every route may: its own capacity and ranges. */
    private static final List<ProblemType> GET_PROBLEMS = List.of(
            WebProblem.INVALID_NAME,
            WebProblem.UNAUTHORIZED,
            WebProblem.NOT_FOUND,
            DownloadProblem.RANGE_NOT_SATISFIABLE,
            ClientProblem.OVER_SHARE,
            DownloadProblem.DOWNLOADS_BUSY,
            WebProblem.STORAGE_UNAVAILABLE,
            WebProblem.STORAGE_TIMEOUT,
            WebProblem.INTERNAL);

    /** {@code HEAD} answers from the blob's properties alone: no slot, no range. */
    private static final List<ProblemType> HEAD_PROBLEMS = List.of(
            WebProblem.INVALID_NAME,
            WebProblem.UNAUTHORIZED,
            WebProblem.NOT_FOUND,
            WebProblem.STORAGE_UNAVAILABLE,
            WebProblem.STORAGE_TIMEOUT,
            WebProblem.INTERNAL);

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        if (handler.getBeanType() != DownloadController.class) {
            return operation;
        }
        return switch (handler.getMethod().getName()) {
            case "get" -> get(operation);
            case "head" -> head(operation);
            default -> operation;
        };
    }

    private static Operation get(Operation operation) {
        operation
                .operationId("download")
                .tags(List.of(TAG))
                .summary("Download a blob, whole or one byte range")
                .description("""
                        Streams the blob from the store in ranged reads of `upload.download.chunk-size`, one at a \
                        time, so a slow reader holds one chunk; a reader slower than `upload.download.min-rate` is cut \
                        off (the body ends short of its `Content-Length`). One byte range (`bytes=first-last`, \
                        `first-`, `-suffix`) is answered 206; several ranges, another unit, a malformed `Range` or an \
                        `If-Range` that does not match get the whole blob (200), as RFC 9110 allows. A failure after \
                        the first chunk was sent can only cut the connection short.""")
                .parameters(new ArrayList<>(List.of(
                        header(HttpHeaders.RANGE, "One byte range, e.g. `bytes=0-1023`, `bytes=1024-`, `bytes=-512`."),
                        header(
                                HttpHeaders.IF_RANGE,
                                "The blob's strong ETag or exact Last-Modified: the range is served only if the"
                                        + " blob is still that version, else the whole blob."))));
        ApiResponses responses = new ApiResponses()
                .addApiResponse(
                        "200",
                        bytes("The whole blob.")
                                .addHeaderObject(HttpHeaders.CONTENT_LENGTH, responseHeader("The blob's size."))
                                .addHeaderObject(
                                        "Content-MD5",
                                        responseHeader("Base64 of the blob's MD5, when the store has one.")))
                .addApiResponse(
                        "206",
                        bytes("The range asked for.")
                                .addHeaderObject(HttpHeaders.CONTENT_RANGE, responseHeader("`bytes first-last/size`."))
                                .addHeaderObject(HttpHeaders.CONTENT_LENGTH, responseHeader("The range's length.")));
        ApiParts.problems(operation.responses(responses), INSTANCE, GET_PROBLEMS);
        operation
                .getResponses()
                .get("416")
                .addHeaderObject(HttpHeaders.CONTENT_RANGE, responseHeader("`bytes */size`: the blob's size."));
        return operation;
    }

    private static Operation head(Operation operation) {
        operation
                .operationId("downloadHead")
                .tags(List.of(TAG))
                .summary("A blob's headers without its bytes")
                .description("""
                        Answers from the blob's properties alone (no download slot, no range): the headers a \
                        `GET` of the whole blob would have. Problem answers carry their status and headers; as \
                        for any `HEAD`, no body.""");
        ApiResponse ok = new ApiResponse().description("The blob exists.");
        common().forEach(ok::addHeaderObject);
        ok.addHeaderObject(HttpHeaders.CONTENT_LENGTH, responseHeader("The blob's size."))
                .addHeaderObject("Content-MD5", responseHeader("Base64 of the blob's MD5, when the store has one."));
        return ApiParts.problems(
                operation.responses(new ApiResponses().addApiResponse("200", ok)), INSTANCE, HEAD_PROBLEMS);
    }

    private static ApiResponse bytes(String description) {
        ApiResponse response = new ApiResponse()
                .description(description)
                .content(new Content()
                        .addMediaType(
                                org.springframework.http.MediaType.APPLICATION_OCTET_STREAM_VALUE,
                                new MediaType().schema(ApiParts.schema("string").format("binary"))));
        common().forEach(response::addHeaderObject);
        return response;
    }

    /** The headers every successful answer carries. */
    private static Map<String, Header> common() {
        Map<String, Header> headers = new LinkedHashMap<>();
        headers.put(HttpHeaders.ACCEPT_RANGES, responseHeader("`bytes`, always."));
        headers.put(HttpHeaders.ETAG, responseHeader("The blob's strong entity tag, for `If-Range`."));
        headers.put(HttpHeaders.LAST_MODIFIED, responseHeader("When the blob was last written."));
        return headers;
    }
}
