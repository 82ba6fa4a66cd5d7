/**
 * The upload feature: {@code PUT /uploads/{name}}, {@code POST /uploads} (multipart); downloads are the
 * {@code download} feature's.
 * One owner per concern, in the order a request meets them:
 * <ol>
 *   <li><b>HTTP</b> — {@link dev.iolab.upload.upload.UploadController} routes; {@link
 *       dev.iolab.upload.upload.UploadRequests} turns the servlet request into an {@link
 *       dev.iolab.upload.upload.UploadRequest} (the only upload code that reads servlet APIs), with the body unopened:
 *       {@link dev.iolab.upload.upload.body.BodySource.Raw} or {@link dev.iolab.upload.upload.body.MultipartBody}.
 *   <li><b>Checks</b> — {@link dev.iolab.upload.upload.UploadService} refuses what the head shows (strategy, name,
 *       size, length, Content-MD5) on the container thread, and hands the rest to admission; {@link
 *       dev.iolab.upload.upload.OutcomeRecorder} records each request's outcome once.
 *   <li><b>Admission</b> — {@link dev.iolab.upload.upload.admission.Admission}: bounded executor, {@code DeferredResult},
 *       queued/running/cancelled/done; queue-full and queue-timeout refusals. Nothing about bytes.
 *   <li><b>Transfer</b> — {@link dev.iolab.upload.upload.UploadTransfer} on the worker: {@link
 *       dev.iolab.upload.upload.budget.MemoryBudget} reservation, {@link dev.iolab.upload.upload.body.IncomingBody} (limit, length,
 *       MD5), the {@link dev.iolab.upload.upload.strategy.UploadStrategy}; {@link dev.iolab.upload.upload.body.BodyFailures} is the
 *       one mapping of body failures to problems.
 * </ol>
 * Every failure is an {@link dev.iolab.upload.upload.problem.UploadException} carrying its {@link
 * dev.iolab.upload.web.ProblemType}, answered by {@link dev.iolab.upload.web.ProblemHandler}; the store's own
 * failures stay {@code StorageException}s.
 */
package dev.iolab.upload.upload;
