package dev.iolab.upload.transfer;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Body of {@code 201 Created}; each member's {@link Schema} is its description in the OpenAPI document.
 */
@Schema(description = "A stored upload, as the store has it.")
public record StoredUpload(
        @Schema(description = "The blob name.", requiredMode = Schema.RequiredMode.REQUIRED)
        String name,

        @Schema(description = "Bytes stored.", requiredMode = Schema.RequiredMode.REQUIRED)
        long size,

        @Schema(
                description = "MD5 of the bytes received, lower-case hex (as `md5sum` prints it).",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String md5,

        @Schema(
                description = "The strategy used; `valet-key` for a completed valet-key upload.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String strategy,

        @Schema(
                description = "Milliseconds from acceptance to commit, queue time included (valet-key: of the"
                        + " completion).",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long durationMs) {}
