/**
 * The download feature: {@code GET} and {@code HEAD /uploads/{name}}. {@link dev.iolab.upload.download.DownloadController}
 * streams a blob in bounded chunks under its own admission ({@link dev.iolab.upload.download.DownloadAdmission}) and a
 * minimum reader rate ({@link dev.iolab.upload.download.MinimumRateOutputStream}), and serves single byte ranges
 * ({@link dev.iolab.upload.download.ByteRange}). Refusals are {@link dev.iolab.upload.web.ProblemException}s with a
 * {@link dev.iolab.upload.download.DownloadProblem}.
 */
package dev.iolab.upload.download;
