package dev.iolab.upload.transfer;

import static dev.iolab.upload.web.ApiParts.header;
import static dev.iolab.upload.web.ApiParts.query;
import static dev.iolab.upload.web.ApiParts.string;

import dev.iolab.upload.client.ClientProblem;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.transfer.strategy.UploadStrategies;
import dev.iolab.upload.web.ApiParts;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;

/**
 * The OpenAPI description of {@link UploadController}'s routes: what springdoc finds on them (the route, the
 * {@link StoredUpload} schema) completed with their parameters, bodies and every problem they may answer.
 */
@Component
class UploadApi implements OperationCustomizer {

    static final String TAG = "uploads";
    static final String EXAMPLE_NAME = "photos/2026/cat.jpg";

    /** What a {@code 201} answers, for the example: 1 MiB of zero bytes. */
    static final Map<String, Object> STORED_EXAMPLE = storedExample();

    private final List<String> strategies;

    UploadApi(UploadStrategies strategies) {
        this.strategies = strategies.ids();
    }

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        if (handler.getBeanType() != UploadController.class) {
            return operation;
        }
        return switch (handler.getMethod().getName()) {
            case "put" -> put(operation);
            case "post" -> post(operation);
            default -> operation;
        };
    }

    private Operation put(Operation operation) {
        operation
                .operationId("upload")
                .tags(List.of(TAG))
                .summary("Upload a file: the request body is the file")
                .description("""
                        Streams the body to the store under `{name}` with the chosen strategy and answers once it is \
                        stored. An upload of known length up to `upload.azure.max-single-upload-size` reaches the \
                        store as one Put Blob; any other in blocks, staged and then copied under the name in one step. Nothing is stored unless the whole body \
                        arrived (and matched `Content-MD5`, when sent). Two uploads to one name at once both get 201; \
                        the blob is the bytes of the one that finished last, whole. A client that sends \
                        `Expect: 100-continue` sends no byte of a refused body.""")
                .parameters(new ArrayList<>(List.of(
                        strategy(),
                        header(
                                "Content-MD5",
                                "Base64 of the body's 16-byte MD5 (RFC 1864). Checked against the streamed bytes"
                                        + " before the last one reaches the store, and by the store: a mismatch is 400"
                                        + " `md5-mismatch` and nothing is stored."),
                        header(
                                "Content-Length",
                                "The body's length; without it (chunked) `in-memory` answers 411, the others"
                                        + " stream."))))
                .requestBody(new RequestBody()
                        .required(true)
                        .description("The file's bytes, any content type; stored as `application/octet-stream`.")
                        .content(new Content()
                                .addMediaType(
                                        org.springframework.http.MediaType.APPLICATION_OCTET_STREAM_VALUE,
                                        new MediaType().schema(binary()))));
        created(operation);
        return ApiParts.problems(
                operation,
                "/uploads/" + EXAMPLE_NAME,
                problems(EnumSet.complementOf(EnumSet.of(UploadProblem.NOT_MULTIPART, UploadProblem.MULTIPART_SHAPE))));
    }

    private Operation post(Operation operation) {
        Schema<?> form = ApiParts.schema("object")
                .addProperty(
                        "strategy",
                        string().description("As the `strategy` query parameter; must come before the file part."))
                .addProperty(
                        "name", string().description("As the `name` query parameter; must come before the file part."))
                .addProperty(
                        "file",
                        binary().description("The file. A `Content-MD5` header on this part is checked as on `PUT`;"
                                + " its filename is the blob name when no `name` is given."))
                .required(List.of("file"));
        operation
                .operationId("uploadMultipart")
                .tags(List.of(TAG))
                .summary("Upload a file as a multipart/form-data part named `file`")
                .description("""
                        As `PUT /uploads/{name}`, for browsers and forms: the file is the part named `file`, streamed \
                        as it arrives (never parsed ahead). The blob name is the `name` query parameter or field, else \
                        the file part's filename; the strategy the `strategy` query parameter or field.""")
                .parameters(new ArrayList<>(List.of(
                        query("name", "The blob name, when not the file part's filename.", string()), strategy())))
                .requestBody(new RequestBody()
                        .required(true)
                        .content(new Content()
                                .addMediaType(
                                        org.springframework.http.MediaType.MULTIPART_FORM_DATA_VALUE,
                                        new MediaType().schema(form))));
        created(operation);
        return ApiParts.problems(operation, "/uploads", problems(EnumSet.allOf(UploadProblem.class)));
    }

    private Parameter strategy() {
        return query(
                "strategy",
                "How the bytes are moved to the store; default `upload.default-strategy` (`temp-file` unless"
                        + " configured). `/actuator/info` on the management port lists them too.",
                string()._enum(new ArrayList<Object>(strategies)));
    }

    private static Schema<?> binary() {
        return string().format("binary");
    }

    private static void created(Operation operation) {
        ApiResponses responses = new ApiResponses();
        responses.addApiResponse(
                "201",
                new ApiResponse()
                        .description("Stored: the blob's name, size and MD5 as the store has them.")
                        .addHeaderObject(HttpHeaders.LOCATION, ApiParts.responseHeader("Where to `GET` the blob."))
                        .content(ApiParts.json("StoredUpload", STORED_EXAMPLE)));
        operation.responses(responses);
    }

    private static Map<String, Object> storedExample() {
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("name", EXAMPLE_NAME);
        stored.put("size", 1_048_576);
        stored.put("md5", "b6d81b360a5672d80c27430f39153e2c");
        stored.put("strategy", "temp-file");
        stored.put("durationMs", 42);
        return stored;
    }

    private static List<ProblemType> problems(EnumSet<UploadProblem> uploads) {
        List<ProblemType> problems = new ArrayList<>(uploads);
        problems.addAll(List.of(
                WebProblem.INVALID_NAME,
                WebProblem.UNAUTHORIZED,
                WebProblem.NOT_ACCEPTABLE,
                WebProblem.BODY_TOO_SLOW,
                ClientProblem.OVER_SHARE,
                WebProblem.STORAGE_UNAVAILABLE,
                WebProblem.STORAGE_TIMEOUT,
                WebProblem.INTERNAL));
        return problems;
    }
}
