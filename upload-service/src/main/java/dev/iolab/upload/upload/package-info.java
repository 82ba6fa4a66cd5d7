/**
 * The upload feature: {@code PUT /uploads/{name}}, {@code POST /uploads} (multipart); downloads are the
 * {@code download} feature's. A request meets, in this order:
 * <ol>
 *   <li><b>HTTP</b> — {@link dev.iolab.upload.upload.UploadController} routes; {@link
 *       dev.iolab.upload.upload.UploadRequest} is the request as its head states it, the body unopened (the only
 *       upload code that reads servlet APIs).
 *   <li><b>Checks</b> — {@link dev.iolab.upload.upload.UploadService} refuses what the head shows (Accept, strategy,
 *       name, size, length, Content-MD5) on the container thread; what passes is a {@link
 *       dev.iolab.upload.upload.CheckedUpload}, handed to admission ({@code upload.admission}).
 *   <li><b>Transfer</b> — {@link dev.iolab.upload.upload.UploadTransfer} on the worker: the memory reservation
 *       ({@code upload.budget}), the body's decorators ({@code upload.body}), the strategy ({@code upload.strategy});
 *       the answer is a {@link dev.iolab.upload.upload.StoredUpload}.
 * </ol>
 * {@link dev.iolab.upload.upload.OutcomeRecorder} records each request's outcome once in {@link
 * dev.iolab.upload.upload.UploadMetrics}, however it ends. Every failure is an {@code UploadException} carrying its
 * problem type ({@code upload.problem}); the store's own failures stay {@code StorageException}s. The parts import
 * nothing of this package, so the feature's packages import each other in one direction only.
 */
package dev.iolab.upload.upload;
