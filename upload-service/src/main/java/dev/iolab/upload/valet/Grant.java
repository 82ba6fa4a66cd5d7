package dev.iolab.upload.valet;

import java.time.Instant;

/**
 * A permission to upload one blob straight to storage. It lives in no process's memory: its {@link #id} is the grant
 * itself, signed by the service ({@link GrantSigner}), so any replica can complete it.
 *
 * @param id the signed grant, the {@code grant} parameter of the completion
 * @param name the blob name the upload will appear under, valid
 * @param size the exact size in bytes the staged blob must have
 * @param md5 the MD5 the staged bytes must have (16 bytes), or null
 * @param stagingName the staging blob the SAS allows writing
 * @param expiresAt when the SAS and the grant expire (whole seconds)
 */
record Grant(String id, String name, long size, byte[] md5, String stagingName, Instant expiresAt) {}
