package dev.iolab.upload.valet;

import static dev.iolab.upload.web.ApiParts.blobName;
import static dev.iolab.upload.web.ApiParts.query;
import static dev.iolab.upload.web.ApiParts.string;

import dev.iolab.upload.client.ClientProblem;
import dev.iolab.upload.transfer.StoredUpload;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.ApiParts;
import dev.iolab.upload.web.ProblemType;
import dev.iolab.upload.web.WebProblem;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * The OpenAPI description of {@link ValetKeyController}'s two routes. The controller maps them as one
 * ({@code POST /uploads/{*path}}, the last segment saying which), which springdoc lists as one operation; this
 * replaces it with the grant and the completion, each with its parameters, answer and problems.
 */
@Component
class ValetKeyApi implements OpenApiCustomizer {

    static final String TAG = "valet-key";
    private static final String NAME = "big/file.bin";

    /** Refusals both routes share: the name, the key, the JSON-only rule, the store. */
    private static final List<ProblemType> BOTH = List.of(
            WebProblem.INVALID_NAME,
            WebProblem.UNAUTHORIZED,
            WebProblem.NOT_ACCEPTABLE,
            WebProblem.STORAGE_UNAVAILABLE,
            WebProblem.STORAGE_TIMEOUT,
            WebProblem.INTERNAL);

    @Override
    public void customise(OpenAPI api) {
        api.getPaths().keySet().removeIf(path -> path.startsWith("/uploads/{path}") || path.contains("{*path}"));
        ModelConverters.getInstance()
                .readAll(GrantAnswer.class)
                .forEach((name, schema) -> api.getComponents().addSchemas(name, schema));
        ModelConverters.getInstance()
                .readAll(StoredUpload.class)
                .forEach((name, schema) -> api.getComponents().getSchemas().putIfAbsent(name, schema));
        api.path("/uploads/{name}/grant", new PathItem().post(grant()));
        api.path("/uploads/{name}/complete", new PathItem().post(complete()));
    }

    private static Operation grant() {
        Operation operation = new Operation()
                .operationId("grant")
                .tags(List.of(TAG))
                .summary("Grant a valet key: let the client send the bytes straight to storage")
                .description("""
                        Answers a URL with a SAS for one staging blob of its own (no reading, no other blob, no \
                        listing) until `expiresAt` (`upload.valet-key.ttl`), the headers to send with the `PUT`, and \
                        the `completeUrl` to `POST` afterwards. With `md5` the SAS allows create only (one Put Blob, \
                        which the store checks against the granted MD5); without it create and write (one `PUT`, or \
                        blocks and a block list). Nothing is stored under `{name}` until the completion. Parameters \
                        come from the query string only; there is no request body.""")
                .parameters(new ArrayList<>(List.of(
                        blobName(),
                        query(
                                        "size",
                                        "Bytes the client will send, 0 to `upload.valet-key.max-size` (5000 MiB"
                                                + " unless configured).",
                                        ApiParts.schema("integer")
                                                .format("int64")
                                                .minimum(BigDecimal.ZERO))
                                .required(true),
                        query(
                                "md5",
                                "Base64 of the file's 16-byte MD5, percent-encoded in the query. The store then"
                                        + " refuses other bytes at once, and the completion need not read them back.",
                                string()))))
                .responses(new ApiResponses()
                        .addApiResponse(
                                "201",
                                new ApiResponse()
                                        .description("Granted.")
                                        .content(ApiParts.json("GrantAnswer", grantExample()))));
        List<ProblemType> problems = new ArrayList<>(List.of(
                ValetKeyProblem.INVALID_SIZE,
                UploadProblem.TOO_LARGE,
                UploadProblem.INVALID_CONTENT_MD5,
                ValetKeyProblem.TOO_MANY_GRANTS,
                ClientProblem.OVER_SHARE));
        problems.addAll(BOTH);
        return ApiParts.problems(operation, "/uploads/" + NAME + "/grant", problems);
    }

    private static Operation complete() {
        Operation operation = new Operation()
                .operationId("complete")
                .tags(List.of(TAG))
                .summary("Complete a valet-key upload: verify the staged bytes and store them under the name")
                .description("""
                        Trusts nothing the client says about the staged blob: reads its properties (not a block \
                        blob, or another size than granted: 422), checks its MD5 (read back only where the store \
                        cannot vouch for it; a mismatch is 422), then copies exactly that version under `{name}` in \
                        one server-side step and answers as an upload does, with `strategy` `valet-key`. A grant \
                        completes once, on any replica. After a 422 nothing appears under the name and the grant is \
                        used up; after 409 `nothing-staged` it stays usable.""")
                .parameters(new ArrayList<>(List.of(
                        blobName(),
                        query("grant", "The grant's ID, as its `completeUrl` carries it.", string())
                                .required(true))));
        Map<String, Object> stored = new LinkedHashMap<>();
        stored.put("name", NAME);
        stored.put("size", 1_073_741_824L);
        stored.put("md5", "cd573cfaace07e7949bc0c46028904ff");
        stored.put("strategy", "valet-key");
        stored.put("durationMs", 35);
        operation.responses(new ApiResponses()
                .addApiResponse(
                        "201",
                        new ApiResponse()
                                .description("Verified and stored under the name.")
                                .addHeaderObject(
                                        HttpHeaders.LOCATION, ApiParts.responseHeader("Where to `GET` the blob."))
                                .content(ApiParts.json("StoredUpload", stored))));
        List<ProblemType> problems = new ArrayList<>(List.of(
                ValetKeyProblem.GRANT_NOT_FOUND,
                ValetKeyProblem.GRANT_EXPIRED,
                ValetKeyProblem.GRANT_USED,
                ValetKeyProblem.NOTHING_STAGED,
                ValetKeyProblem.STAGED_MISMATCH,
                UploadProblem.QUEUE_FULL));
        problems.addAll(BOTH);
        return ApiParts.problems(operation, "/uploads/" + NAME + "/complete", problems);
    }

    private static Map<String, Object> grantExample() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-blob-type", "BlockBlob");
        headers.put("x-ms-blob-content-type", "application/octet-stream");
        headers.put("Content-MD5", "zVc8+qzgfnlJvAxGAokE/w==");
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("name", NAME);
        answer.put(
                "uploadUrl",
                "http://127.0.0.1:10000/devstoreaccount1/uploads-staging/valet-1795889700-1073741824-"
                        + "3f0c6e4e-5b1a-4a57-9d0e-2f1f4c1f6a7e?sv=2025-11-05&se=2026-11-28T18%3A15%3A00Z&sr=b&sp=c"
                        + "&sig=...");
        answer.put("headers", headers);
        answer.put("expiresAt", "2026-11-28T18:15:00Z");
        answer.put("completeUrl", "/uploads/big/file.bin/complete?grant=...");
        return answer;
    }
}
