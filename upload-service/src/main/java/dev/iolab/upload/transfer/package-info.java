/**
 * The upload feature: {@code PUT /uploads/{name}}, {@code POST /uploads} (multipart); downloads are the
 * {@code download} feature's. A request meets, in this order:
 * <ol>
 *   <li><b>HTTP</b> — {@link dev.iolab.upload.transfer.UploadController} routes; {@link
 *       dev.iolab.upload.transfer.UploadRequest} is the request as its head states it, the body unopened (the only
 *       upload code that reads servlet APIs).
 *   <li><b>Checks</b> — {@link dev.iolab.upload.transfer.UploadService} refuses what the head shows (Accept, strategy,
 *       name, size, length, Content-MD5) on the container thread; what passes is a {@link
 *       dev.iolab.upload.transfer.CheckedUpload}, handed to admission ({@code transfer.admission}).
 *   <li><b>Transfer</b> — {@link dev.iolab.upload.transfer.UploadTransfer} on the worker: the memory reservation
 *       ({@code transfer.budget}), the body's decorators ({@code transfer.body}), the strategy ({@code transfer.strategy});
 *       the answer is a {@link dev.iolab.upload.transfer.StoredUpload}.
 * </ol>
 * {@link dev.iolab.upload.transfer.OutcomeRecorder} records each request's outcome once in {@link
 * dev.iolab.upload.transfer.UploadMetrics}, however it ends. Every failure is a {@code ProblemException} carrying its
 * problem type ({@code transfer.problem}); the store's own failures stay {@code StorageException}s. The parts import
 * nothing of this package, so the feature's packages import each other in one direction only.
 */
package dev.iolab.upload.transfer;
