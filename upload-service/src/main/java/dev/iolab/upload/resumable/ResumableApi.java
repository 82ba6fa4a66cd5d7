package dev.iolab.upload.resumable;

import dev.iolab.upload.client.ClientProblem;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ApiParts;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;

/**
 * The OpenAPI description of {@link ResumableController}'s tus routes: each operation springdoc finds gets its tus
 * headers (as parameters and response headers, with example values), its answers and every problem it may answer.
 * The controller also maps {@code /files} without the slash and {@code OPTIONS /files/{id}}, which answer as
 * {@code /files/} and {@code OPTIONS /files/}; the document lists each route once, under the endpoint tus clients
 * are given ({@code /files/}).
 */
@Component
class ResumableApi implements OperationCustomizer, OpenApiCustomizer {

    static final String TAG = "resumable";
    private static final String ID = "24e533e02ec3bc40c387f1a0e460e216";
    private static final String UPLOAD = "/files/" + ID;
    private static final String EXPIRES = "Sat, 28 Nov 2026 18:45:00 GMT";

    /**
     * What every route that checks the protocol version and reaches the store may answer (a page on an origin not
     * allowed only when {@code upload.resumable.cors.allowed-origins} names any).
     */
    private static final List<ProblemType> EVERY = List.of(
            ResumableProblem.TUS_VERSION,
            WebProblem.UNAUTHORIZED,
            ResumableProblem.ORIGIN_NOT_ALLOWED,
            WebProblem.STORAGE_UNAVAILABLE,
            WebProblem.STORAGE_TIMEOUT,
            WebProblem.INTERNAL);

    /** What admitting a body may refuse, before a byte of it is read: as for every upload. */
    private static final List<ProblemType> ADMISSION =
            List.of(ClientProblem.OVER_SHARE, UploadProblem.QUEUE_FULL, UploadProblem.QUEUE_TIMEOUT);

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        if (handler.getBeanType() != ResumableController.class) {
            return operation;
        }
        return switch (handler.getMethod().getName()) {
            case "options" -> options(operation);
            case "create" -> create(operation);
            case "head" -> head(operation);
            case "patch" -> patch(operation);
            case "patchOverride" -> patchOverride(operation);
            case "delete" -> delete(operation);
            default -> operation;
        };
    }

    /** Keeps each route once: {@code /files} and {@code OPTIONS /files/{id}} answer as their twins do. */
    @Override
    public void customise(OpenAPI api) {
        api.getPaths().remove("/files");
        PathItem upload = api.getPaths().get("/files/{id}");
        if (upload != null) {
            upload.setOptions(null);
        }
    }

    private static Operation options(Operation operation) {
        operation
                .operationId("resumableOptions")
                .tags(List.of(TAG))
                .summary("What the tus server serves: version, extensions, largest upload, checksum algorithms")
                .description("""
                        tus discovery; needs no `Tus-Resumable` (only the API key). Answers the same at `/files` and \
                        at `/files/{id}`.""")
                .parameters(null)
                .requestBody(null);
        ApiResponse ok = new ApiResponse().description("What is served.");
        ok.addHeaderObject(Tus.RESUMABLE, resumable())
                .addHeaderObject(Tus.VERSION_HEADER, answerHeader("The tus versions served.", Tus.VERSION))
                .addHeaderObject(Tus.EXTENSION, answerHeader("The tus extensions served.", Tus.EXTENSIONS))
                .addHeaderObject(
                        Tus.MAX_SIZE,
                        answerHeader(
                                "The largest `Upload-Length` accepted, in bytes (`upload.resumable.max-size`).",
                                "50000000000"))
                .addHeaderObject(
                        Tus.CHECKSUM_ALGORITHM,
                        answerHeader("The algorithms `Upload-Checksum` may name.", Tus.ALGORITHM_LIST));
        operation.responses(new ApiResponses().addApiResponse("204", ok));
        return ApiParts.problems(
                operation,
                "/files/",
                List.of(WebProblem.UNAUTHORIZED, ResumableProblem.ORIGIN_NOT_ALLOWED, WebProblem.INTERNAL));
    }

    private static Operation create(Operation operation) {
        operation
                .operationId("resumableCreate")
                .tags(List.of(TAG))
                .summary("Create a resumable upload, optionally with its first bytes (tus creation)")
                .description("""
                        Creates an upload of `Upload-Length` bytes that lives `upload.resumable.expiry` (30 min) after \
                        its creation or last `PATCH`. The blob name is the `Upload-Metadata` key `name`, else \
                        `filename`, checked as for `PUT /uploads/{name}`; an optional key `checksum` \
                        (`sha1 <Base64>`, or `md5`, `sha256`) is the whole file's digest, checked before the blob \
                        appears. Nothing appears under the name until the last byte arrived. With a body \
                        (`application/offset+octet-stream`: creation-with-upload) the body is appended as a `PATCH` \
                        at offset 0 would be, admitted as every upload is; if the body fails, the upload still exists \
                        and the 201 says how far it got. `Upload-Defer-Length` is not served (400).""")
                .parameters(new ArrayList<>(List.of(
                        tusResumable(),
                        number(Tus.UPLOAD_LENGTH, "The upload's whole length in bytes, at most `Tus-Max-Size`.")
                                .required(true)
                                .example("1073741824"),
                        ApiParts.header(
                                        Tus.UPLOAD_METADATA,
                                        "Comma-separated `key base64value` pairs (at most 4,096 characters): `filename`"
                                                + " or `name` (the blob name, required), optionally `checksum`; other"
                                                + " keys are kept and answered by `HEAD`.")
                                .required(true)
                                // "invoices/2026/november.pdf", "application/pdf"
                                .example("filename aW52b2ljZXMvMjAyNi9ub3ZlbWJlci5wZGY=,filetype YXBwbGljYXRpb24vcGRm"),
                        uploadChecksum())))
                .requestBody(body("Optional: the upload's first bytes (creation-with-upload)."));
        ApiResponse created = new ApiResponse()
                .description("Created. With a body, `Upload-Offset` says how many of its bytes were kept.")
                .addHeaderObject(Tus.RESUMABLE, resumable())
                .addHeaderObject(
                        HttpHeaders.LOCATION,
                        answerHeader("The upload's URL, relative: `/files/<32 hex digits>`.", UPLOAD))
                .addHeaderObject(Tus.UPLOAD_OFFSET, offset("Bytes of the upload kept: 0 without a body."))
                .addHeaderObject(Tus.UPLOAD_EXPIRES, expires());
        operation.responses(new ApiResponses().addApiResponse("201", created));
        List<ProblemType> problems = new ArrayList<>(List.of(
                ResumableProblem.INVALID_HEADER,
                ResumableProblem.UNSUPPORTED_CHECKSUM,
                WebProblem.INVALID_NAME,
                ResumableProblem.TOO_LARGE,
                ResumableProblem.NOT_OFFSET_OCTET_STREAM));
        problems.addAll(ADMISSION);
        problems.addAll(EVERY);
        return tus(ApiParts.problems(operation, "/files/", problems));
    }

    private static Operation head(Operation operation) {
        operation
                .operationId("resumableHead")
                .tags(List.of(TAG))
                .summary("Where a resumable upload stands: the offset to send from")
                .description("""
                        Answers the upload's offset (the bytes kept: whole blocks, and the last block once the upload \
                        is complete), its length and metadata, never cached. A complete upload answers its full \
                        length. Problem answers carry their status and headers; as for any `HEAD`, no body.""")
                .parameters(new ArrayList<>(List.of(id(), tusResumable())));
        ApiResponse ok = new ApiResponse()
                .description("The upload exists and has not expired.")
                .addHeaderObject(Tus.RESUMABLE, resumable())
                .addHeaderObject(Tus.UPLOAD_OFFSET, offset("Bytes kept: send from here."))
                .addHeaderObject(Tus.UPLOAD_LENGTH, answerHeader("The upload's whole length.", "1073741824"))
                .addHeaderObject(
                        Tus.UPLOAD_METADATA,
                        answerHeader(
                                "`Upload-Metadata` as sent at creation, when it was not empty.",
                                "filename aW52b2ljZXMvMjAyNi9ub3ZlbWJlci5wZGY="))
                .addHeaderObject(Tus.UPLOAD_EXPIRES, expires())
                .addHeaderObject(HttpHeaders.CACHE_CONTROL, answerHeader("`no-store`, always.", "no-store"));
        operation.responses(new ApiResponses().addApiResponse("200", ok));
        List<ProblemType> problems = new ArrayList<>(List.of(WebProblem.NOT_FOUND, ResumableProblem.UPLOAD_EXPIRED));
        problems.addAll(EVERY);
        return tus(ApiParts.problems(operation, UPLOAD, problems));
    }

    private static Operation patch(Operation operation) {
        operation
                .operationId("resumablePatch")
                .tags(List.of(TAG))
                .summary("Append bytes to a resumable upload at its offset")
                .description("""
                        Appends the body at `Upload-Offset`, which must be where the upload stands (409 otherwise). \
                        Admitted as every upload (fair shares, queue, minimum rate), holding one block \
                        (`upload.resumable.block-size`, 8 MiB) of the memory budget. Whole blocks are kept as they \
                        fill; a body that ends (or is cut) in the middle of a block keeps the blocks before it, and \
                        the client sends the rest from the offset answered (or `HEAD` tells). One writer at a time, \
                        on any replica (423 for a second). The `PATCH` that brings the last byte stores the blob \
                        under its name before it is answered. A client that cannot send `PATCH` sends \
                        `POST /files/{id}` with `X-HTTP-Method-Override: PATCH`.""")
                .parameters(patchParameters())
                .requestBody(body("The bytes from `Upload-Offset` on.").required(true));
        return tus(ApiParts.problems(operation.responses(patched()), UPLOAD, patchProblems()));
    }

    private static Operation patchOverride(Operation operation) {
        List<Parameter> parameters = patchParameters();
        parameters.add(ApiParts.header(
                        ResumableController.METHOD_OVERRIDE, "`PATCH`; any other `POST` to an upload is answered 405.")
                .required(true)
                .example("PATCH"));
        operation
                .operationId("resumablePatchOverride")
                .tags(List.of(TAG))
                .summary("Append bytes to a resumable upload, for clients that cannot send PATCH")
                .description("""
                        As `PATCH /files/{id}`, for HTTP stacks that cannot send `PATCH` (Java's `HttpURLConnection`, \
                        and with it tus-java-client): `POST` with `X-HTTP-Method-Override: PATCH`.""")
                .parameters(parameters)
                .requestBody(body("The bytes from `Upload-Offset` on.").required(true));
        return tus(ApiParts.problems(operation.responses(patched()), UPLOAD, patchProblems()));
    }

    private static Operation delete(Operation operation) {
        operation
                .operationId("resumableDelete")
                .tags(List.of(TAG))
                .summary("Delete a resumable upload and every byte of it (tus termination)")
                .description("""
                        Removes the upload and its blocks at once; a blob already stored under its name stays. The \
                        upload's URL answers 404 from then on.""")
                .parameters(new ArrayList<>(List.of(id(), tusResumable())));
        ApiResponse gone = new ApiResponse().description("Deleted.").addHeaderObject(Tus.RESUMABLE, resumable());
        operation.responses(new ApiResponses().addApiResponse("204", gone));
        List<ProblemType> problems = new ArrayList<>(List.of(WebProblem.NOT_FOUND));
        problems.addAll(EVERY);
        return tus(ApiParts.problems(operation, UPLOAD, problems));
    }

    private static List<Parameter> patchParameters() {
        return new ArrayList<>(List.of(
                id(),
                tusResumable(),
                number(
                                Tus.UPLOAD_OFFSET,
                                "Where the body starts: the upload's offset, as `HEAD` or the last answer"
                                        + " gave it.")
                        .required(true)
                        .example("8388608"),
                uploadChecksum()));
    }

    private static ApiResponses patched() {
        ApiResponse appended = new ApiResponse()
                .description("Appended; complete once `Upload-Offset` is the upload's length.")
                .addHeaderObject(Tus.RESUMABLE, resumable())
                .addHeaderObject(Tus.UPLOAD_OFFSET, offset("Where the upload now stands: send from here."))
                .addHeaderObject(Tus.UPLOAD_EXPIRES, expires());
        return new ApiResponses().addApiResponse("204", appended);
    }

    private static List<ProblemType> patchProblems() {
        List<ProblemType> problems = new ArrayList<>(List.of(
                ResumableProblem.INVALID_HEADER,
                ResumableProblem.UNSUPPORTED_CHECKSUM,
                UploadProblem.INCOMPLETE_BODY,
                UploadProblem.CLIENT_ABORTED,
                WebProblem.NOT_FOUND,
                WebProblem.BODY_TOO_SLOW,
                ResumableProblem.OFFSET_MISMATCH,
                ResumableProblem.UPLOAD_EXPIRED,
                ResumableProblem.BEYOND_LENGTH,
                ResumableProblem.NOT_OFFSET_OCTET_STREAM,
                ResumableProblem.UPLOAD_LOCKED,
                ResumableProblem.CHECKSUM_MISMATCH,
                ResumableProblem.DIGEST_MISMATCH,
                UploadProblem.MEMORY_BUDGET));
        problems.addAll(ADMISSION);
        problems.addAll(EVERY);
        return problems;
    }

    /**
     * Adds {@code Tus-Resumable} to every problem answer the route gives itself (a 401 for a missing key is answered
     * before the route, without it), and {@code Tus-Version} to the 412.
     */
    private static Operation tus(Operation operation) {
        for (Map.Entry<String, ApiResponse> response : operation.getResponses().entrySet()) {
            if (response.getKey().startsWith("4") && !response.getKey().equals("401")
                    || response.getKey().startsWith("5")) {
                response.getValue().addHeaderObject(Tus.RESUMABLE, resumable());
            }
        }
        ApiResponse unsupported = operation.getResponses().get("412");
        if (unsupported != null) {
            unsupported.addHeaderObject(Tus.VERSION_HEADER, answerHeader("The tus versions served.", Tus.VERSION));
        }
        return operation;
    }

    private static Parameter id() {
        return new Parameter()
                .in("path")
                .name("id")
                .required(true)
                .description("The upload's ID, as its `Location` gave it: 32 hex digits (128 random bits). Any other"
                        + " is answered 404.")
                .schema(ApiParts.string().pattern("^[0-9a-f]{32}$"))
                .example(ID);
    }

    private static Parameter tusResumable() {
        return ApiParts.header(Tus.RESUMABLE, "The protocol version: `1.0.0` (412 `tus-version` otherwise).")
                .required(true)
                .example(Tus.VERSION);
    }

    private static Parameter uploadChecksum() {
        return ApiParts.header(
                        Tus.UPLOAD_CHECKSUM,
                        "`<algorithm> <Base64 digest>` of this request's body (`sha1`, `md5`, `sha256`): a body"
                                + " whose digest differs is answered 460 `checksum-mismatch` and none of it counts.")
                .example("sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=");
    }

    private static Parameter number(String name, String description) {
        return new Parameter()
                .in("header")
                .name(name)
                .description(description)
                .schema(ApiParts.schema("integer").format("int64").minimum(BigDecimal.ZERO));
    }

    private static RequestBody body(String description) {
        return new RequestBody()
                .description(description + " Sent as `application/offset+octet-stream` (415 otherwise).")
                .content(new Content()
                        .addMediaType(
                                Tus.OFFSET_OCTET_STREAM,
                                new MediaType().schema(ApiParts.string().format("binary"))));
    }

    private static Header resumable() {
        return answerHeader("The protocol version, on every answer of the tus routes.", Tus.VERSION);
    }

    private static Header offset(String description) {
        return answerHeader(description, "8388608");
    }

    private static Header expires() {
        return answerHeader(
                "Until when the upload may be resumed (an HTTP date); absent once it is complete.", EXPIRES);
    }

    private static Header answerHeader(String description, String example) {
        return ApiParts.responseHeader(description).example(example);
    }
}
