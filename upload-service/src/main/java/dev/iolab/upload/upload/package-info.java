/**
 * The upload feature: {@code PUT /uploads/{name}}, {@code POST /uploads} (multipart); downloads are the
 * {@code download} feature's.
 * One owner per concern, in the order a request meets them:
 * <ol>
 *   <li><b>HTTP</b> — {@link dev.iolab.upload.upload.UploadController} routes; {@link
 *       dev.iolab.upload.upload.UploadRequests} turns the servlet request into an {@link
 *       dev.iolab.upload.upload.UploadRequest} (the only upload code that reads servlet APIs), with the body unopened:
 *       {@link dev.iolab.upload.upload.UploadBody.Raw} or {@link dev.iolab.upload.upload.MultipartBody}.
 *   <li><b>Checks</b> — {@link dev.iolab.upload.upload.UploadService} refuses what the head shows (strategy, name,
 *       size, length, Content-MD5) on the container thread, and hands the rest to admission; {@link
 *       dev.iolab.upload.upload.UploadAttempt} records each request's outcome once.
 *   <li><b>Admission</b> — {@link dev.iolab.upload.upload.Admission}: bounded executor, {@code DeferredResult},
 *       queued/running/cancelled/done; queue-full and queue-timeout refusals. Nothing about bytes.
 *   <li><b>Transfer</b> — {@link dev.iolab.upload.upload.UploadTransfer} on the worker: {@link
 *       dev.iolab.upload.upload.MemoryBudget} reservation, {@link dev.iolab.upload.upload.IncomingBody} (limit, length,
 *       MD5), the {@link dev.iolab.upload.upload.UploadStrategy}; {@link dev.iolab.upload.upload.BodyFailures} is the
 *       one mapping of body failures to problems.
 * </ol>
 * Every failure is an {@link dev.iolab.upload.upload.UploadException} carrying its {@link
 * dev.iolab.upload.upload.ProblemType}, answered by {@link dev.iolab.upload.upload.ProblemHandler}; the store's own
 * failures stay {@code StorageException}s.
 */
package dev.iolab.upload.upload;
