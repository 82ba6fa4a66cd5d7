/**
 * Valet-key uploads, the pattern Azure's architecture guidance recommends for large files: the service grants, the
 * client sends the bytes straight to storage, the service verifies without carrying them.
 * <ol>
 *   <li>{@code POST /uploads/{name}/grant?size=N[&md5=BASE64]} — {@link dev.iolab.upload.valet.ValetKeyService#grant}:
 *       a grant signed by the service ({@link dev.iolab.upload.valet.GrantSigner}) and a SAS URL that allows writing
 *       one staging blob only, until the grant expires ({@code upload.valet-key.ttl}).
 *   <li>The client {@code PUT}s the bytes to that URL (one Put Blob; without an MD5 in the grant, also blocks and a
 *       block list with the same SAS).
 *   <li>{@code POST /uploads/{name}/complete?grant=ID} — {@link dev.iolab.upload.valet.ValetKeyService#complete}: the
 *       service checks the staged blob's size and MD5 as the store vouches for them ({@link
 *       dev.iolab.upload.valet.Verification}; nothing the client says about it is trusted), and only then copies it
 *       under the name in one step and deletes the staging blob.
 * </ol>
 * No replica keeps a grant: it lives in its signed ID, and whether it was completed lives in the store ({@link
 * dev.iolab.upload.valet.CompletionClaims}), so any replica completes any grant, and a restart loses none. The routes
 * share {@code /uploads} and its rules (API key, names, JSON answers) with the upload feature, and are built on it: a
 * completion answers and is recorded as an upload. Failures are {@link dev.iolab.upload.web.ProblemException}s with
 * the feature's own {@link dev.iolab.upload.valet.ValetKeyProblem}s.
 */
package dev.iolab.upload.valet;
