package dev.iolab.upload.valet;

import java.util.Map;

/**
 * Body of the grant's {@code 201 Created}.
 *
 * @param name blob name the upload will appear under
 * @param uploadUrl absolute URL with a SAS; {@code PUT} the bytes there (or stage blocks and a block list)
 * @param headers headers the client must send with its {@code PUT}
 * @param expiresAt when the SAS and the grant expire (ISO-8601, UTC)
 * @param completeUrl where to {@code POST} once the bytes are there: a path relative to the service
 */
record GrantAnswer(String name, String uploadUrl, Map<String, String> headers, String expiresAt, String completeUrl) {}
