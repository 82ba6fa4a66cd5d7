/**
 * Valet-key uploads, the pattern Azure's architecture guidance recommends for large files: the service grants, the
 * client sends the bytes straight to storage, the service verifies.
 * <ol>
 *   <li>{@code POST /uploads/{name}/grant?size=N[&md5=BASE64]} — {@link dev.iolab.upload.valet.ValetKeyService#grant}:
 *       a {@link dev.iolab.upload.valet.Grants grant} and a SAS URL that allows writing one staging blob only, until
 *       the grant expires ({@code upload.valet-key.ttl}).
 *   <li>The client {@code PUT}s the bytes to that URL (one Put Blob, or blocks and a block list with the same SAS).
 *   <li>{@code POST /uploads/{name}/complete?grant=ID} — {@link dev.iolab.upload.valet.ValetKeyService#complete}: the
 *       service reads the staged blob itself (size, MD5; nothing the client says about it is trusted), and only then
 *       copies it under the name in one step and deletes the staging blob.
 * </ol>
 * The routes share {@code /uploads} and its rules (API key, names, JSON answers) with the upload feature, and are
 * built on it: a completion answers and is recorded as an upload. Failures are {@link
 * dev.iolab.upload.valet.ValetKeyException}s with the feature's own {@link dev.iolab.upload.valet.ValetKeyProblem}s.
 * Grants live in memory ({@link dev.iolab.upload.valet.Grants}), so a grant is completed by the instance that made it.
 */
package dev.iolab.upload.valet;
