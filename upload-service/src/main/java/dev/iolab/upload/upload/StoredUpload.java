package dev.iolab.upload.upload;

/**
 * Body of {@code 201 Created}.
 *
 * @param name blob name
 * @param size bytes stored
 * @param md5 MD5 of the bytes received, lower-case hex (as {@code md5sum} prints it)
 * @param strategy strategy ID used
 * @param durationMs milliseconds from acceptance to commit, queue time included (valet-key: of the completion)
 */
public record StoredUpload(String name, long size, String md5, String strategy, long durationMs) {}
