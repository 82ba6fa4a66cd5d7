package dev.iolab.upload.valet;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** Body of the grant's {@code 201 Created}; each member's {@link Schema} is its description in the OpenAPI document. */
@Schema(description = "A valet-key grant: where to send the bytes, how, until when, and where to complete.")
record GrantAnswer(
        @Schema(
                description = "The blob name the upload will appear under.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String name,

        @Schema(
                description = "Absolute URL of one staging blob with a SAS (create only with an `md5`, create"
                        + " and write without); `PUT` the bytes there, or stage blocks and a block list.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String uploadUrl,

        @Schema(
                description = "Headers the client must send with its `PUT` to `uploadUrl`.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Map<String, String> headers,

        @Schema(
                description = "When the SAS and the grant expire (ISO-8601, UTC, whole seconds).",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String expiresAt,

        @Schema(
                description = "Where to `POST` once the bytes are there: a path relative to the service.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String completeUrl) {}
